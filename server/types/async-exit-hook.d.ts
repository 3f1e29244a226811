declare module 'async-exit-hook' {
  type Hook = ((done: () => void) => void) | (() => void);
  interface ExitHook {
    (hook: Hook): void;
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  }
  const exitHook: ExitHook;
  export default exitHook;
}
