import { notFound } from '../../shared/errors.ts';

export const portalErrors = {
  spaceNotFound: () => notFound('space'),
};
