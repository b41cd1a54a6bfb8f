import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandler } from '../../src/worker/index';
import {
  ANALYTICS_BLOBS,
  ANALYTICS_DOUBLES,
  analyticsPoint,
} from '../../src/worker/logging/analyticsPoint';
import { requestLogLine } from '../../src/worker/logging/requestLogLine';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { turnStream } from '../../src/worker/turn/turnStream';
import type { WireAnswer } from '../../src/worker/turn/wireAnswer';
import { fakeUpstream as scriptedUpstream } from '../providers/fakeUpstream';
import { analyticsDataset, base, chat, loggedHandler, postJson, sha256 } from './operatorStandIns';

// One log line per API request (issue 31, item 3): a JSON object of names, codes and figures for
// Workers Logs and Logpush, and, with an Analytics Engine binding, one data point with the same
// figures. Never content: no reply text, no message, no member name, no mention target, no key.

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the log line of a turn', () => {
  it('carries the verdict in codes and figures: attempts, stage, codes a correction fixed, tokens', async () => {
    const { fetch, lines } = loggedHandler();
    const response = await fetch('/v1/chat/completions', postJson(chat('hello, fence it')));
    expect(response.status).toBe(200);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(response.headers.get('x-replyguard-request-id')).toBe(line.requestId);
    expect(line).toMatchObject({
      event: 'replyguard.request',
      key: 'anonymous',
      keySource: 'none',
      route: '/v1/chat/completions',
      method: 'POST',
      wire: 'chat',
      status: 200,
      code: null,
      upstream: 'scripted',
      model: 'scripted',
      stream: false,
      turnStatus: 'completed',
      stage: 'correction',
      enforcement: 'prompt_only',
      attempts: 2,
      corrections: 1,
      issueCodes: [],
      // The fence is provably not JSON at its first character.
      earlyRejects: 1,
      earlyRejectAt: 1,
      toolBudgetExhausted: false,
    });
    expect(line.attemptCodes.length).toBeGreaterThan(0);
    expect(line.inputTokens).toBeGreaterThan(0);
    expect(line.outputTokens).toBeGreaterThan(0);
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(line.turnMs).toBeGreaterThanOrEqual(0);
  });

  it('names the rules that fired and where early reject cut the answers', async () => {
    const { fetch, lines } = loggedHandler();
    await fetch('/v1/chat/completions', postJson(chat('show me a leak')));
    expect(lines[0]).toMatchObject({ turnStatus: 'completed', ruleIds: ['github-token'] });
    expect(lines[0]!.findings).toBeGreaterThan(0);
    await fetch('/v1/chat/completions', postJson(chat('something invalid')));
    const refused = lines[1]!;
    expect(refused).toMatchObject({ turnStatus: 'validation_failed', stage: 'correction' });
    expect(refused.earlyRejects).toBe(2);
    expect(refused.earlyRejectAt).toBeGreaterThan(0);
    expect(refused.earlyRejectAt).toBeLessThan(200);
    expect(refused.issueCodes.length).toBeGreaterThan(0);
  });

  it('goes out when a stream ends, once, with the turn’s verdict (and when a client leaves)', async () => {
    const { fetch, lines } = loggedHandler();
    const streamed = await fetch('/v1/responses', postJson({ input: 'hi', stream: true }));
    expect(lines).toHaveLength(0);
    await streamed.text();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ wire: 'responses', stream: true, turnStatus: 'completed' });
    const left = await fetch(
      '/v1/chat/completions',
      postJson(chat('hi', { stream: true, replyguard: { progress: true } })),
    );
    await left.body!.cancel();
    await vi.waitFor(() => expect(lines).toHaveLength(2));
    expect(lines[1]).toMatchObject({ wire: 'chat', stream: true, status: 200 });
  });

  it('logs a check with its verdict, and nothing for health, the demo or a 404', async () => {
    const { fetch, lines } = loggedHandler({ demoHtml: '<p>demo</p>' });
    await fetch('/v1/check', postJson({ reply: '{"segments":[],"segments":[]}' }));
    await fetch('/healthz');
    await fetch('/');
    await fetch('/nowhere');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      wire: 'check',
      status: 422,
      turnStatus: 'validation_failed',
      issueCodes: ['DUPLICATE_KEY'],
      upstream: null,
    });
  });

  it('logs a refused request with the code its answer carried', async () => {
    const { fetch, lines } = loggedHandler();
    await fetch('/v1/messages', postJson({ model: 'm', messages: [] }));
    await fetch('/v1/chat/completions', { method: 'GET' });
    expect(lines.map((line) => [line.route, line.status, line.code, line.turnStatus])).toEqual([
      ['/v1/messages', 400, 'BAD_REQUEST', null],
      ['/v1/chat/completions', 405, 'METHOD_NOT_ALLOWED', null],
    ]);
  });
});

describe('where the line goes', () => {
  it('LOG_REQUESTS=true: console.log, one object per API request; off by default', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const handler = createHandler();
    const ask = (env: unknown) =>
      handler.fetch(new Request(`${base}/v1/check`, postJson({ reply: '{}' })), env);
    await ask({});
    expect(logged).not.toHaveBeenCalled();
    await ask({ LOG_REQUESTS: 'true' });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]![0]).toMatchObject({ event: 'replyguard.request', status: 422 });
  });

  it('a log sink that throws costs the request nothing', async () => {
    const handler = createHandler({
      log: () => {
        throw new Error('sink down');
      },
    });
    const response = await handler.fetch(
      new Request(`${base}/v1/chat/completions`, postJson(chat('hi'))),
    );
    expect(response.status).toBe(200);
  });

  it('an Analytics Engine point per request, laid out as documented and within its limits', async () => {
    const ANALYTICS = analyticsDataset();
    const long = 'n'.repeat(64);
    const KEY = 'rg_point-0123456789abcdefghijklmnopqrstuvwxyzABCDE';
    const { fetch, lines } = loggedHandler({
      ANALYTICS,
      CLIENT_KEYS_JSON: JSON.stringify({ [sha256(KEY)]: { name: long } }),
    });
    await fetch(
      '/v1/chat/completions',
      postJson(chat('fence it'), { authorization: `Bearer ${KEY}` }),
    );
    await fetch('/v1/check', postJson({ reply: '{}' }));
    expect(ANALYTICS.points).toHaveLength(2);
    const [point] = ANALYTICS.points;
    const line = lines[0]!;
    expect(point!.indexes).toEqual([long]);
    const blob = (name: (typeof ANALYTICS_BLOBS)[number]) =>
      point!.blobs[ANALYTICS_BLOBS.indexOf(name)];
    const double = (name: (typeof ANALYTICS_DOUBLES)[number]) =>
      point!.doubles[ANALYTICS_DOUBLES.indexOf(name)];
    expect([blob('route'), blob('wire'), blob('key'), blob('turnStatus'), blob('stage')]).toEqual([
      '/v1/chat/completions',
      'chat',
      long,
      'completed',
      'correction',
    ]);
    expect(blob('attemptCodes')).toBe(line.attemptCodes.join(','));
    expect(blob('requestId')).toBe(line.requestId);
    expect([double('status'), double('attempts'), double('corrections')]).toEqual([200, 2, 1]);
    expect([double('earlyRejectAt'), double('completed'), double('refused')]).toEqual([1, 1, 0]);
    expect(ANALYTICS.points[1]!.doubles[ANALYTICS_DOUBLES.indexOf('earlyRejectAt')]).toBe(-1);
    expect(double('outputTokens')).toBe(line.outputTokens);
    // The stored positions are a contract with every query already written against them.
    expect(ANALYTICS_BLOBS.slice(0, 4)).toEqual(['route', 'wire', 'method', 'key']);
    expect(ANALYTICS_DOUBLES.slice(0, 3)).toEqual(['status', 'attempts', 'corrections']);
    expect(ANALYTICS_BLOBS.length).toBeLessThanOrEqual(20);
    expect(ANALYTICS_DOUBLES.length).toBeLessThanOrEqual(20);
  });

  it('Analytics Engine that throws costs the request nothing, and the log line still goes out', async () => {
    const ANALYTICS = analyticsDataset();
    ANALYTICS.mode = 'throw';
    const { fetch, lines } = loggedHandler({ ANALYTICS });
    expect((await fetch('/v1/chat/completions', postJson(chat('hi')))).status).toBe(200);
    expect(lines).toHaveLength(1);
    const { fetch: bad } = loggedHandler({ ANALYTICS: { write: () => 1 } as never });
    expect((await bad('/v1/check', postJson({ reply: '{}' }))).status).toBe(500);
  });
});

describe('no secret and no content in a line or a point', () => {
  // Planted everywhere a request, a reply, an upstream error or a key can carry text.
  const PLANTED = {
    clientKey: 'rg_planted-client-key-0123456789abcdefghijklmn',
    wrongKey: 'sk-proj-plantedWrongKey0123456789abcdefghij',
    apiKey: 'planted-api-key-0123456789abcdef',
    upstreamKey: 'sk-planted-upstream-key-0123456789abcd',
    inMessage: 'ghp_PlantedInTheMessage0123456789abcdefgh',
    inSystem: 'planted-system-prompt-words',
    member: 'planted_member_name_secret',
    mention: 'planted-mention-target-77',
    upstreamError: 'sk-ant-planted-upstream-error-0123456789',
    reply: 'Dem0Dem0',
  };

  it('holds none of what was planted', async () => {
    const upstream = await scriptedUpstream([
      {
        kind: 'json',
        status: 401,
        body: { error: { message: `bad key ${PLANTED.upstreamError}`, type: 'auth' } },
      },
    ]);
    try {
      const ANALYTICS = analyticsDataset();
      const keys = JSON.stringify({ [sha256(PLANTED.clientKey)]: { name: 'team-z' } });
      const env = { API_KEY: PLANTED.apiKey, CLIENT_KEYS_JSON: keys, ANALYTICS };
      const { fetch, lines } = loggedHandler(env);
      const as = (key: string) => ({ authorization: `Bearer ${key}` });
      await fetch('/v1/check', postJson({ reply: '{}' }, as(PLANTED.wrongKey)));
      await fetch(
        '/v1/chat/completions',
        postJson(
          {
            messages: [
              { role: 'system', content: PLANTED.inSystem },
              { role: 'user', content: `show me a leak ${PLANTED.inMessage} and mention` },
            ],
            replyguard: { mentions: [PLANTED.mention] },
          },
          as(PLANTED.clientKey),
        ),
      );
      await fetch(
        '/v1/chat/completions',
        postJson(
          chat('mention someone', { replyguard: { mentions: [PLANTED.mention] } }),
          as(PLANTED.apiKey),
        ),
      );
      await fetch(
        '/v1/chat/completions',
        postJson(
          chat(`answer {"${PLANTED.member}": "not a number"}`, {
            response_format: {
              type: 'json_schema',
              json_schema: {
                name: 'planted',
                schema: {
                  type: 'object',
                  properties: { [PLANTED.member]: { type: 'number' } },
                  required: [PLANTED.member],
                },
              },
            },
          }),
          as(PLANTED.clientKey),
        ),
      );
      await fetch(
        '/v1/check',
        postJson(
          { reply: `{"segments":[{"type":"text","data":{"text":"${PLANTED.inMessage}"}}]}` },
          { 'x-api-key': PLANTED.clientKey },
        ),
      );
      const { fetch: failing, lines: failed } = loggedHandler({
        ...env,
        UPSTREAM_KIND: 'openai',
        UPSTREAM_BASE_URL: upstream.baseUrl,
        UPSTREAM_MODEL: 'm',
        UPSTREAM_API_KEY: PLANTED.upstreamKey,
      });
      const upstreamFailed = await failing(
        '/v1/chat/completions',
        postJson(chat('hi'), as(PLANTED.clientKey)),
      );
      expect(upstreamFailed.status).toBe(502);
      const all = [...lines, ...failed];
      expect(all.map((line) => [line.key, line.code])).toEqual([
        [null, 'UNAUTHORIZED'],
        ['team-z', null],
        ['api-key', null],
        ['team-z', 'VALIDATION_FAILED'],
        ['team-z', null],
        ['team-z', 'UPSTREAM_FAILED'],
      ]);
      expect(all[1]!.ruleIds).toContain('github-token');
      expect(all[2]!.issueCodes).toEqual([]);
      const text = JSON.stringify({ all, points: ANALYTICS.points });
      for (const [where, secret] of Object.entries(PLANTED))
        expect(text.includes(secret), `${where} reached a line`).toBe(false);
      expect(ANALYTICS.points).toHaveLength(6);
    } finally {
      await upstream.close();
    }
  });
});

describe('what a line and a point may hold', () => {
  const facts = { id: 'id-1', startedAt: 0 };

  it('replaces a string that is not a name or a code the Worker would write', () => {
    const line = requestLogLine(
      {
        ...facts,
        route: '/v1/check',
        key: 'has space',
        code: 'lower case',
        model: 'bad model\n',
        method: 'BREW',
        result: {
          status: 'validation_failed',
          issues: [{ code: 'MENTION_NOT_ALLOWED', path: '/x', message: 'm' }, { code: 'x y' }],
          findings: [{ code: 'LEAK_MASKED', rule: 'Rule With Caps', path: '/y' }],
          usage: { inputTokens: 1, outputTokens: 2 },
          meta: {
            attempts: 1,
            stage: 'model',
            enforcement: 'prompt_only',
            schemaName: 's',
            durationMs: 1.6,
          },
        } as never,
      },
      5,
    );
    expect(line).toMatchObject({
      key: 'other',
      code: 'other',
      model: 'other',
      method: 'OTHER',
      issueCodes: ['MENTION_NOT_ALLOWED', 'other'],
      ruleIds: ['other'],
      durationMs: 5,
      turnMs: 2,
    });
  });

  it('lists at most 16 codes, and cuts every blob to 256 characters', () => {
    const codes = Array.from({ length: 40 }, (_, i) => `CODE_${'X'.repeat(50)}_${i}`);
    const line = requestLogLine(
      {
        ...facts,
        route: '/v1/check',
        result: {
          status: 'validation_failed',
          issues: codes.map((code) => ({ code, path: '', message: '' })),
          findings: [],
          usage: { inputTokens: 0, outputTokens: 0 },
          meta: {
            attempts: 1,
            stage: 'model',
            enforcement: 'prompt_only',
            schemaName: 's',
            durationMs: 0,
          },
        } as never,
      },
      0,
    );
    expect(line.issueCodes).toHaveLength(16);
    const point = analyticsPoint(line);
    expect(point.blobs[ANALYTICS_BLOBS.indexOf('issueCodes')]).toHaveLength(256);
    expect(() => analyticsDataset().writeDataPoint(point)).not.toThrow();
  });
});

describe('the code of a refused request', () => {
  it('is in the line whatever refused it: a route of the check, the models, the schemas', async () => {
    const { fetch, lines } = loggedHandler({ MAX_BODY_BYTES: '64' });
    const answers = [
      await fetch('/v1/check', { method: 'POST', body: 'x'.repeat(100) }),
      await fetch('/v1/models/no-such-model'),
      await fetch('/v1/schemas/none'),
      await fetch('/v1/chat/completions', postJson({ messages: 'no list' })),
    ];
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status >= 400)).toBe(true);
    const codes = await Promise.all(
      answers.map(async (answer) => {
        const body = (await answer.json()) as { error: { code?: string; type?: string } };
        return body.error.code;
      }),
    );
    expect(lines.map((line) => line.status)).toEqual(statuses);
    // Each line's code is the one its answer carries (OpenAI's shape keeps it in `code` too).
    expect(lines.map((line) => line.code)).toEqual(codes);
    expect(lines.every((line) => typeof line.code === 'string')).toBe(true);
  });

  it("of a stream is the error event's: turnStream reports it", async () => {
    const events: AsyncIterator<ReplyEvent> = {
      next: () => Promise.reject(new Error('the turn broke')),
    };
    const codes: string[] = [];
    const answer: WireAnswer = {
      body: () => ({}),
      open: () => '',
      heartbeat: () => '',
      progress: () => '',
      reply: () => '',
      fail: (error) => `data: ${JSON.stringify(error)}\n\n`,
    };
    const stream = turnStream(events, answer, {
      progress: false,
      stop: () => undefined,
      exits: { leaks: {}, toolCalls: 'mask' },
      failed: (code) => codes.push(code),
    });
    await new Response(stream).text();
    expect(codes).toEqual(['INTERNAL']);
  });
});
