/** The host roots the maskHostPaths tests rewrite (a POSIX app, home and tmp, a Windows user). */
export const HOST_ROOTS = {
  roots: [
    { root: '/srv/app', replacement: '.' },
    { root: '/home/bot/', replacement: '~' },
    { root: '/tmp', replacement: '$TMPDIR' },
    { root: 'C:\\Users\\bot', replacement: '~' },
  ],
};
