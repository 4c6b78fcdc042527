import { z } from 'zod';
import { authenticate } from '../tokens/access';
import { revokeRefreshToken, revokeUserSessions } from '../tokens/sessions';
import { poolOfClient } from '../users/pools';
import { AccessToken, ClientId } from './fields';
import { publicOperation } from './operation';

export const GlobalSignOut = publicOperation({
  input: z.object({ AccessToken }),
  async run(ctx, input) {
    const { user } = await authenticate(ctx, input.AccessToken);
    await revokeUserSessions(ctx, user);
    return {};
  },
});

export const RevokeToken = publicOperation({
  input: z.object({ Token: z.string().min(1).max(20_000), ClientId, ClientSecret: z.string().optional() }),
  async run(ctx, input) {
    await poolOfClient(ctx.db, input.ClientId);
    await revokeRefreshToken(ctx, input.Token, input.ClientId);
    return {};
  },
});
