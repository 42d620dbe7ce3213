import { createContext } from 'react-router';
import type { Services } from './services.server';

/** Route loaders and actions reach the domain services through this context key. */
export const servicesContext = createContext<Services>();
