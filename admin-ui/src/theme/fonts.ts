// IBM Plex Sans Arabic, self-hosted: each weight file covers the Arabic and Latin subsets, so Latin
// words and digits in Arabic lines use the same family.
import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/500.css';
import '@fontsource/ibm-plex-sans-arabic/600.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';

export const FONT_FAMILY = '"IBM Plex Sans Arabic", "Noto Sans Arabic", "Segoe UI", Tahoma, sans-serif';
