/** The badge of a document type: PDF, DOC or DOCX. */
export function fileBadge(fileType: string | null, fileName: string | null): string {
  if (fileType === 'application/pdf') return 'PDF';
  if (fileType === 'application/msword') return 'DOC';
  if (fileType?.includes('wordprocessingml')) return 'DOCX';
  return (fileName?.split('.').pop() ?? '').toUpperCase();
}
