import '../ui/zod-without-eval';
import { createRemoteLifecycles } from '@steel/shared';
import css from './styles.css';
import { PanelRoot } from './panel-root';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({ app: 'panel', css, Root: PanelRoot });
