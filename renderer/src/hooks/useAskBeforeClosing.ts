import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Closing a dialog that holds work not kept (things placed, pages turned) asks first — by the Close button and by
 * Escape alike. `unkept` is read through a ref: the dialog's Escape handler (and its focus) is set up again
 * whenever `close` changes, so `close` stays the same function.
 */
export function useAskBeforeClosing(unkept: boolean, onClose: () => void): { close: () => void; asking: boolean; stopAsking: () => void } {
  const [asking, setAsking] = useState(false);
  const unkeptNow = useRef(unkept);
  useEffect(() => {
    unkeptNow.current = unkept;
  }, [unkept]);
  const close = useCallback(() => {
    if (unkeptNow.current) setAsking(true);
    else onClose();
  }, [onClose]);
  const stopAsking = useCallback(() => setAsking(false), []);
  return { close, asking, stopAsking };
}
