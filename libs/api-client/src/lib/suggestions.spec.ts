import { afterEach, describe, expect, it, vi } from 'vitest';
import { suggestAddresses, suggestCities, suggestParties } from './suggestions';

function answering(body: unknown, status = 200) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentBody = (fetchMock: ReturnType<typeof answering>) =>
  JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as unknown;

describe('suggestions client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for five address suggestions by default and reads the plain JSON answer', async () => {
    const fetchMock = answering({
      suggestions: [
        { value: 'г Казань', unrestricted_value: 'x', data: { city: 'Казань', settlement: null } },
      ],
    });
    const suggestions = await suggestAddresses('каз');
    expect(suggestions.map((s) => s.value)).toEqual(['г Казань']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/dadata\/address$/);
    expect(sentBody(fetchMock)).toEqual({ query: 'каз', count: 5 });
  });

  it('limits a city field to cities and settlements, and a search to a KLADR area when asked', async () => {
    const fetchMock = answering({ suggestions: [] });
    await suggestCities('тол', new AbortController().signal);
    expect(sentBody(fetchMock)).toEqual({
      query: 'тол',
      count: 5,
      from_bound: { value: 'city' },
      to_bound: { value: 'settlement' },
    });
    fetchMock.mockClear();
    await suggestAddresses('лен', { kladrId: '1600000100000' });
    expect(sentBody(fetchMock)).toEqual({
      query: 'лен',
      count: 5,
      locations: [{ kladr_id: '1600000100000' }],
    });
  });

  it('finds companies, five by default', async () => {
    const fetchMock = answering({ suggestions: [] });
    await suggestParties('7707083893');
    expect(sentBody(fetchMock)).toEqual({ query: '7707083893', count: 5 });
  });

  it('fails loudly on an error answer so the field can say so', async () => {
    answering({ message: 'Слишком много запросов' }, 429);
    await expect(suggestAddresses('каз')).rejects.toThrow(/429/);
  });
});
