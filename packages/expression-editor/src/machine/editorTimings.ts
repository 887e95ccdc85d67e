/** Spec 03 §9: waiting turns ready after 1000 ms; a compile waits 500 ms; typing is reported after 300 ms. */
export const readyDebounceMs = 1000;
export const compileDebounceMs = 500;
export const changeDebounceMs = 300;
