// Runs before the first paint so a dark theme never flashes light (see web/lib/theme.ts).
(() => {
  var theme = 'light';
  try {
    if (window.localStorage.getItem('theme') === 'dark') theme = 'dark';
  } catch (_error) {
    // Storage disabled: keep the default light theme.
  }
  var root = document.documentElement;
  if (theme === 'dark') root.classList.add('dark');
  root.style.colorScheme = theme;
})();
