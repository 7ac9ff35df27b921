import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './httpClient';

/**
 * react-admin's data access. ra-data-simple-rest speaks the server's list convention
 * (sort/range/filter query parameters, Content-Range header). Resources are registered in App.tsx
 * as the screens that use them arrive; calls outside that convention use `apiRequest`.
 */
export const dataProvider = simpleRestProvider('/api', httpClient);
