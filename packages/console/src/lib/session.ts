// The signed-in API key, kept in sessionStorage only (gone when the tab closes; sign-out clears it).
const STORAGE_KEY = 'textclass.console.apiKey';

export function storedKey(): string | null {
  return sessionStorage.getItem(STORAGE_KEY);
}

export function storeKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
