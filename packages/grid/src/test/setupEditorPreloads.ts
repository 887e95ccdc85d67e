import { afterAll } from 'vitest';
import { editorsPreloaded } from '../react/lazyEditors.js';

// A grid that showed rows asks for its editors' code soon after (lazyEditors): a file whose tests
// end meanwhile waits for it, or the import lands after the test environment is gone.
afterAll(() => editorsPreloaded());
