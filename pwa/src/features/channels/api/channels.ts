import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ChannelFeed, ChannelsOverview, UnitExport, type ChannelFeedRequest } from '@shared/contracts/channels.js';
import { apiFetch } from '@/lib/api.js';

const CHANNELS_KEY = ['admin', 'channel-feeds'] as const;
const Deleted = z.object({ message: z.string(), id: z.string() });

/** GET /api/admin/channel-feeds: the feeds, each unit's export address, every clash. */
export function useChannels(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: CHANNELS_KEY,
    queryFn: ({ signal }) => apiFetch('/api/admin/channel-feeds', { schema: ChannelsOverview, signal }),
    enabled: opts.enabled ?? true,
    staleTime: 0,
  });
}

function useChannelsMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // A sync or a removed feed changes the calendar's blocks too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }), queryClient.invalidateQueries({ queryKey: ['calendar'] })]),
  });
}

/** POST /api/admin/channel-feeds, or PUT .../{id} when an id is given. */
export const useSaveFeed = () =>
  useChannelsMutation(({ id, body }: { id?: string; body: ChannelFeedRequest }) =>
    apiFetch(id ? `/api/admin/channel-feeds/${id}` : '/api/admin/channel-feeds', { method: id ? 'PUT' : 'POST', body, schema: ChannelFeed }),
  );

export const useDeleteFeed = () => useChannelsMutation((id: string) => apiFetch(`/api/admin/channel-feeds/${id}`, { method: 'DELETE', schema: Deleted }));

/** POST .../{id}/sync: the feed after the fetch (a failure shows in lastError). */
export const useSyncFeed = () => useChannelsMutation((id: string) => apiFetch(`/api/admin/channel-feeds/${id}/sync`, { method: 'POST', schema: ChannelFeed }));

export const useRotateExport = () =>
  useChannelsMutation((unitId: string) => apiFetch(`/api/admin/channel-exports/${unitId}/rotate`, { method: 'POST', schema: UnitExport }));
