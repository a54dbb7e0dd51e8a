/** An HTTP client for the DAM API that keeps the session cookie like a browser and sends the page's Origin. */
export class ApiClient {
  cookie: string | undefined;
  csrfToken: string | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly options: { origin?: string | null; bearer?: string } = {},
  ) {}

  /** A second client with the same cookie (another tab, or an attacker who stole nothing but the page). */
  withOptions(options: { origin?: string | null; bearer?: string }): ApiClient {
    const other = new ApiClient(this.baseUrl, options);
    other.cookie = this.cookie;
    other.csrfToken = this.csrfToken;
    return other;
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers by shape in their assertions
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const origin = this.options.origin === undefined ? new URL(this.baseUrl).origin : this.options.origin;
    const response = await fetch(new URL(`/api/v1${path}`, this.baseUrl), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(origin && method !== 'GET' ? { origin } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.options.bearer ? { authorization: `Bearer ${this.options.bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair?.endsWith('=') ? undefined : pair;
    }
    // A push channel's stream never ends: its status and headers are the answer (tests read streams themselves).
    if (response.headers.get('content-type')?.includes('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, body: '', headers: response.headers };
    }
    const text = await response.text();
    const parsed = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    if (parsed && typeof parsed === 'object' && 'csrfToken' in parsed) this.csrfToken = parsed.csrfToken;
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown = {}) => this.request('POST', path, body);
  put = (path: string, body: unknown) => this.request('PUT', path, body);
  delete = (path: string) => this.request('DELETE', path);

  async login(username: string, password: string) {
    const result = await this.post('/session', { username, password });
    if (result.status !== 200) throw new Error(`Login as ${username} failed: ${JSON.stringify(result.body)}`);
    return result.body;
  }
}
