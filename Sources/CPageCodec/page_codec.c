#include "page_codec.h"
int dp_codec_version(void) { return 0; }
