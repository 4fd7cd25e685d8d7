import { notifyContentChanged, notifyContentDeleted } from '../hooks/notify-content-changed';

/** Every content collection signals the API when it changes. */
export const contentChangeHooks = {
  afterChange: [notifyContentChanged],
  afterDelete: [notifyContentDeleted],
};
