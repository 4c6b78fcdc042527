import { z } from 'zod';
import { authenticate } from '../tokens/access';
import { userView } from '../users/view';
import { AccessToken } from './fields';
import { publicOperation } from './operation';

export const GetUser = publicOperation({
  input: z.object({ AccessToken }),
  async run(ctx, input) {
    return userView((await authenticate(ctx, input.AccessToken)).user);
  },
});
