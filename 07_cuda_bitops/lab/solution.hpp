// What ./course lab 07 --solution grades: the chapter's own pieces (reference.hpp) as the lab's.
#pragma once
#include "reference.hpp"
namespace lab07 {
using namespace lab07_reference;
}
