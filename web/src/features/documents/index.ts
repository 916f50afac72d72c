import { ViewKanban } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

// Still to be built: the route, its title, permission and guard are real.
const Placeholder = lazy(() => import('../../app/pages/PlaceholderPage.tsx'));
const DocumentsPage = lazy(() => import('./DocumentsPage.tsx'));
const DocumentPage = lazy(() => import('./DocumentPage.tsx'));

const module: FeatureModule = {
  routes: [
    {
      path: 'documents',
      title: 'titles.documents',
      permission: 'documentsRead',
      component: DocumentsPage,
    },
    {
      path: 'documents/new',
      title: 'titles.newDocument',
      permission: 'documentsWrite',
      component: Placeholder,
    },
    {
      path: 'documents/:document',
      title: 'titles.documentDetails',
      permission: 'documentsRead',
      params: { document: 'uuid' },
      component: DocumentPage,
    },
    {
      path: 'documents/:document/edit',
      title: 'titles.documentDetails',
      permission: 'documentsWrite',
      params: { document: 'uuid' },
      component: Placeholder,
    },
    {
      path: 'documents/:document/files',
      title: 'titles.documentDetails',
      permission: 'documentsWrite',
      params: { document: 'uuid' },
      component: Placeholder,
    },
  ],
  navigation: {
    path: '/documents',
    title: 'titles.documents',
    permission: 'documentsRead',
    icon: ViewKanban,
  },
};

export default module;
