import { ViewKanban } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

const DocumentsPage = lazy(() => import('./DocumentsPage.tsx'));
const DocumentPage = lazy(() => import('./DocumentPage.tsx'));
const NewDocumentPage = lazy(() => import('./NewDocumentPage.tsx'));
const DocumentEditPage = lazy(() => import('./DocumentEditPage.tsx'));
const DocumentFilesPage = lazy(() => import('./DocumentFilesPage.tsx'));

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
      component: NewDocumentPage,
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
      component: DocumentEditPage,
    },
    {
      path: 'documents/:document/files',
      title: 'titles.documentDetails',
      permission: 'documentsWrite',
      params: { document: 'uuid' },
      component: DocumentFilesPage,
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
