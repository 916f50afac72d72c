// SPEC §7 caching: a mutation refreshes only the queries that show what it changed; a cache-first
// look-up is not fetched again while cached, until a change of a kind it reads.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryCacheOptions, showsChanged } from '../src/api/cache.ts';

describe('query cache', () => {
  it('a change of projects refreshes project lists, not notifications', async () => {
    const client = new QueryClient();
    const projects = vi.fn(async () => ['p']);
    const notifications = vi.fn(async () => ['n']);
    await client.fetchQuery({
      queryKey: ['AllProjects'],
      queryFn: projects,
      ...queryCacheOptions({ reads: ['Project'] }),
    });
    await client.fetchQuery({
      queryKey: ['Notifications'],
      queryFn: notifications,
      ...queryCacheOptions({ reads: ['Notification'] }),
    });
    await client.invalidateQueries({ predicate: (query) => showsChanged(query.meta, ['Project']) });
    expect(client.getQueryState(['AllProjects'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['Notifications'])?.isInvalidated).toBe(false);
  });

  it('lists and details are cache-and-network: cached data shows, and is fetched again', async () => {
    const client = new QueryClient();
    const list = vi.fn(async () => ['row']);
    const options = {
      queryKey: ['AllProjects'],
      queryFn: list,
      ...queryCacheOptions({ reads: ['Project'] }),
    };
    await client.fetchQuery(options);
    expect(client.getQueryData(['AllProjects'])).toEqual(['row']);
    await client.fetchQuery(options);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('a cache-first look-up is not fetched again until a change of what it reads', async () => {
    const client = new QueryClient();
    const countries = vi.fn(async () => [{ code: 'NL' }]);
    const options = {
      queryKey: ['Countries'],
      queryFn: countries,
      ...queryCacheOptions({ reads: ['Company'], cacheFirst: true }),
    };
    await client.fetchQuery(options);
    await client.fetchQuery(options);
    expect(countries).toHaveBeenCalledTimes(1);
    await client.invalidateQueries({ predicate: (query) => showsChanged(query.meta, ['Company']) });
    await client.fetchQuery(options);
    expect(countries).toHaveBeenCalledTimes(2);
  });
});
