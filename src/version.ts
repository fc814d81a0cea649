/** Redline's version, as package.json gives it (a test keeps the two the same). */
export const VERSION = '1.0.0'
