import { useEffect, useRef } from "react";
import { imageUrl } from "~/common/images";
import { CloseIcon } from "./icons";

/** Full-screen view of a product picture. Loaded only when a shopper asks for it. */
export default function ImageZoom({ file, alt, onClose }: { file: string; alt: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={onClose}
      aria-label={`${alt}, enlarged`}
      className="m-auto max-h-[95vh] max-w-[95vw] overflow-hidden rounded-2xl bg-white p-0 backdrop:bg-slate-900/80"
    >
      <img src={imageUrl(file)} alt={alt} width={800} height={800} className="max-h-[90vh] w-auto object-contain" />
      <button
        type="button"
        onClick={onClose}
        aria-label="Close enlarged picture"
        className="absolute right-3 top-3 rounded-full bg-white/90 p-2 text-slate-800 shadow hover:bg-white"
      >
        <CloseIcon className="h-5 w-5" />
      </button>
    </dialog>
  );
}
