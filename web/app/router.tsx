import { Route, Switch } from 'wouter';
import { AdminRoute } from './routes/admin-route';
import { AlphaRoute } from './routes/alpha-route';
import { AuthRoute } from './routes/auth-route';
import { DemoRoute } from './routes/demo-route';
import { EditorOriginalRoute } from './routes/editor-original-route';
import { EditorRoute } from './routes/editor-route';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';
import { WaitlistRoute } from './routes/waitlist-route';

/** SPEC 2's route table. The editors take an optional id so a missing one says 'Invalid document ID'. */
export function AppRouter() {
  return (
    <Switch>
      <Route path="/" component={HomeRoute} />
      <Route path="/admin" component={AdminRoute} />
      <Route path="/auth" component={AuthRoute} />
      <Route path="/alpha" component={AlphaRoute} />
      <Route path="/waitlist" component={WaitlistRoute} />
      <Route path="/editor/:id?" component={EditorRoute} />
      <Route path="/editor-original/:id?" component={EditorOriginalRoute} />
      <Route path="/demo" component={DemoRoute} />
      <Route component={NotFoundRoute} />
    </Switch>
  );
}
