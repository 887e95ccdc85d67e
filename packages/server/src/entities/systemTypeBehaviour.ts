import type { RequestContext } from '../context.js';
import type { NewRecordDefaultsHook, SystemTypeHooks } from './systemTypes.js';

/** What a feature registers for its system types (decision 0043): hooks given a request's context. */
export type SystemTypeBehaviour<T = undefined> = SystemTypeHooks<RequestContext, T>;

/** How a batch of new records gets the values of the fields it does not give. */
export type NewRecordDefaults = NewRecordDefaultsHook<RequestContext>;
