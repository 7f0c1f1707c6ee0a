/**
 * Lets non-React code (the API client on 401) navigate through the router without a reload;
 * the app registers the router's navigate once it exists.
 */
type Navigate = (path: string) => void;

let navigator: Navigate = (path) => window.location.assign(path);

export const setNavigator = (navigate: Navigate): void => {
  navigator = navigate;
};

export const navigateTo = (path: string): void => navigator(path);
