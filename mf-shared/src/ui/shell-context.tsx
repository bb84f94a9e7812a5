import { createContext, useContext, type ReactNode } from 'react';
import type { ShellContext } from '../contracts/shell-context';

const ShellReactContext = createContext<ShellContext | null>(null);

/** Makes the mount props available to every component of an app. */
export function ShellContextProvider({ value, children }: { value: ShellContext; children: ReactNode }) {
  return <ShellReactContext.Provider value={value}>{children}</ShellReactContext.Provider>;
}

export function useShell(): ShellContext {
  const context = useContext(ShellReactContext);
  if (!context) throw new Error('useShell() must be used inside <ShellContextProvider>');
  return context;
}
