import { Route, Switch } from 'wouter';
import { lazyRoute } from './lazy-route';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';

// '/' is in the entry chunk (it is the landing page for visitors); every other screen loads on demand.
const AdminRoute = lazyRoute(() => import('./routes/admin-route').then((m) => m.AdminRoute));
const AlphaRoute = lazyRoute(() => import('./routes/alpha-route').then((m) => m.AlphaRoute));
const AuthRoute = lazyRoute(() => import('./routes/auth-route').then((m) => m.AuthRoute));
const CompareRoute = lazyRoute(() => import('./routes/compare-route').then((m) => m.CompareRoute));
const DemoRoute = lazyRoute(() => import('./routes/demo-route').then((m) => m.DemoRoute));
const EditorOriginalRoute = lazyRoute(() => import('./routes/editor-original-route').then((m) => m.EditorOriginalRoute));
const EditorRoute = lazyRoute(() => import('./routes/editor-route').then((m) => m.EditorRoute));
const StyleRulesRoute = lazyRoute(() => import('./routes/style-rules-route').then((m) => m.StyleRulesRoute));
const WaitlistRoute = lazyRoute(() => import('./routes/waitlist-route').then((m) => m.WaitlistRoute));

/** docs/product.md §2's route table. The editors take an optional id so a missing one says 'Invalid document ID'. */
export function AppRouter() {
  return (
    <Switch>
      <Route path="/" component={HomeRoute} />
      <Route path="/admin" component={AdminRoute} />
      <Route path="/auth" component={AuthRoute} />
      <Route path="/alpha" component={AlphaRoute} />
      <Route path="/waitlist" component={WaitlistRoute} />
      {/* Before /editor/:id? so the editor never reads 'compare' as a document id. */}
      <Route path="/editor/:id/compare" component={CompareRoute} />
      <Route path="/editor/:id?" component={EditorRoute} />
      <Route path="/editor-original/:id?" component={EditorOriginalRoute} />
      <Route path="/demo" component={DemoRoute} />
      <Route path="/style-rules" component={StyleRulesRoute} />
      <Route component={NotFoundRoute} />
    </Switch>
  );
}
