import type { OutboxList, OutboxMail } from '@generated';
import { api } from './api-slice';

/** Staff reads of the outbox; fetched afresh on every visit, since any action may have written a mail. */
export const outboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/outbox/: the newest mails and whether the portal sends them or keeps them. */
    outbox: build.query<OutboxList, void>({
      query: () => 'api/v1/internal/outbox/',
    }),
    /** GET /api/v1/internal/outbox/:id: one mail with its body. */
    outboxMail: build.query<OutboxMail, string>({
      query: (id) => `api/v1/internal/outbox/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useOutboxQuery, useOutboxMailQuery } = outboxApi;
