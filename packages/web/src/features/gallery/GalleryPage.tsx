import { Toggle } from '@plinth/fields';
import { useMemo, useState } from 'react';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSession } from '../auth/public';
import { pickerSource } from '../pickerData/public';
import { DesignSystemSections } from './DesignSystemSections';
import { ExpressionEditorSections } from './ExpressionEditorSections';
import { FieldSections } from './FieldSections';
import './gallery.css';

/** /_gallery: every building block in each state, for people to look at (administrators only). */
export function GalleryPage() {
  const { client } = useSession();
  const pickerData = useMemo(() => pickerSource(client), [client]);
  const [isMobile, setMobile] = useState(false);
  useDocumentTitle('Building blocks');
  return (
    <div className={`pl-gallery${isMobile ? ' pl-gallery--mobile' : ''}`}>
      <header className="pl-gallery__header">
        <h1>Building blocks</h1>
        <Toggle label="Mobile width (375 px)" value={isMobile} onValueChange={setMobile} />
      </header>
      <DesignSystemSections />
      <FieldSections pickerData={pickerData} />
      <ExpressionEditorSections client={client} />
    </div>
  );
}
