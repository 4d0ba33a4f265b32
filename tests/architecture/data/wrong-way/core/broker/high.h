#include "log/low.h"
