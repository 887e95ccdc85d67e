/** The toasts of spec 02 §8 the machine raises. */
export const reportMessages = {
  exportFailed: 'Failed to export the report data.',
  resetDone: 'Table has been reset to default view.',
  saveFailed: 'Failed to save changes.',
} as const;
