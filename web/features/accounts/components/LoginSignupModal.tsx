import { useState } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { LoginSignupPanel, panelHeading, type PanelMode } from './LoginSignupPanel.tsx';

export default function LoginSignupModal({
  page,
  reason,
  onClose,
}: {
  page: 'login' | 'signup';
  reason?: string | undefined;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<PanelMode>(page === 'login' ? 'loginChoice' : 'signupChoice');
  return (
    <Modal title={panelHeading(mode)} onClose={onClose} size="small">
      <LoginSignupPanel startPage={page} reason={reason} onModeChange={setMode} />
    </Modal>
  );
}
