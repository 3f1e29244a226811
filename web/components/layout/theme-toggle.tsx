import { Button } from '@web/components/ui/button';
import { useTheme } from '@web/lib/theme';
import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';

/** Switches between the light and dark themes (saved under localStorage 'theme'). */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Toggle theme"
      title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={toggleTheme}
      className="size-8"
    >
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
