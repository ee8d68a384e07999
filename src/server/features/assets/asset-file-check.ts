// An asset must be one of the allowed types AND look like it (magic bytes; Office zips capped and
// checked for their parts) before anything is stored.
import { ASSET_MESSAGES } from '../../../shared/messages.ts';
import { ASSET_EXTENSIONS, type AssetExtension } from '../../../shared/schemas/assets.ts';
import { validationError } from '../../platform/app-error.ts';
import { isCompoundFile, isEncryptedOoxml } from '../../platform/compound-file.ts';
import { OOXML_PARTS, checkZip, contentMismatch, extensionOf, isPdf, pictureFormat } from '../../platform/file-content.ts';

/** Throws a German 4xx when the file may not be an asset; returns its extension. */
export function checkAssetFile(filename: string, data: Buffer): AssetExtension {
  const extension = extensionOf(filename) as AssetExtension;
  if (!ASSET_EXTENSIONS.includes(extension)) throw validationError('file', ASSET_MESSAGES.typeNotAllowed);
  switch (extension) {
    case 'pdf':
      if (!isPdf(data)) throw contentMismatch();
      break;
    case 'doc':
      // Legacy Word is a compound file.
      if (!isCompoundFile(data)) throw contentMismatch();
      break;
    case 'png':
      if (pictureFormat(data) !== 'png') throw contentMismatch();
      break;
    case 'jpg':
    case 'jpeg':
      if (pictureFormat(data) !== 'jpeg') throw contentMismatch();
      break;
    default:
      // A password-protected .docx/.xlsx/.pptx (a compound file around the encrypted zip) is a
      // file to hand out like any other; the recipient knows the password.
      if (!isEncryptedOoxml(data)) checkZip(data, OOXML_PARTS[extension]);
  }
  return extension;
}
