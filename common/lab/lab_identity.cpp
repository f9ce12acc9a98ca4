// Compiled into each lab grader executable with the file lists of that build (course_add_lab):
// which files were graded (the student's, or the solution, planted or slow variant) and which
// files make the grader. grader.cpp fingerprints them into the report (see LABS.md).
#ifndef LAB_SOURCE_ROOT
#error "lab_identity.cpp is compiled by course_add_lab(), which defines LAB_SOURCE_ROOT and the file lists"
#endif

extern "C" {
const char* course_lab_source_root() { return LAB_SOURCE_ROOT; }
const char* course_lab_graded_files() { return LAB_GRADED_FILES; }
const char* course_lab_grader_files() { return LAB_GRADER_FILES; }
}
