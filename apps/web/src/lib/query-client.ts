import { QueryClient } from '@tanstack/react-query';

// Errors already became notifications in the API client; retrying would repeat them.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** Drops everything loaded for the signed-in user; the reference constants are the same for everyone and stay. */
export const forgetUserData = () => queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'constants' });
