#include "broker/replica.h"
