/** A new account on a running server, signed in over real HTTP; returns its Cookie header. */
export async function signIn(url: string): Promise<string> {
  const account = { name: 'Bench', email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'bench-password' };
  const json = { 'content-type': 'application/json' };
  await fetch(`${url}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: account.email, password: account.password }) });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
