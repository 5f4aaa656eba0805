/*
 * alea._speedups: the hot methods of alea.State (apply an int, roll, legal
 * numbers) as a compiled CPython base class, for loops of millions of steps.
 *
 * Optional: without it alea.State uses its ctypes implementation of the same
 * methods, with the same results.  A call through ctypes costs about 100-250 ns
 * before any work (argument objects, the foreign-function frame), as much as a
 * whole step of dice poker in C; a method of a compiled type costs about 40.
 *
 * It calls the library that ctypes loaded, through the addresses of its
 * functions that alea passes to make_state_core(), so the two can never be two
 * different libraries; it links no libalea and re-implements no rule.  It only
 * reads include/alea for the types.  The GIL is held throughout, which is what
 * makes the module's step buffer and int cache safe (see step_take()).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#if PY_VERSION_HEX < 0x03090000
#error "alea._speedups needs Python 3.9 or later (METH_METHOD, PyType_FromModuleAndSpec)"
#endif

#include <stdint.h>
#include <string.h>

#include "alea/alea.h"

typedef alea_status (*apply_fn)(alea_state *, uint64_t, alea_error *);
typedef alea_status (*apply_and_list_fn)(alea_step *, alea_state *, uint64_t, alea_error *);
typedef alea_status (*roll_fn)(uint64_t *, alea_state *, alea_rng *);
typedef alea_status (*roll_and_list_fn)(alea_step *, alea_state *, alea_rng *, alea_error *);
typedef alea_status (*legal_fn)(uint64_t *, size_t, size_t *, const alea_state *);
typedef int (*player_fn)(const alea_state *);

enum { N_METHODS = 3 };

/* Recently made action numbers, direct-mapped by a hash of the value: a game's
   actions are a few hundred to a few thousand distinct numbers, nearly all above
   CPython's small-int cache, and a new list of them is made at every step. */
enum { INT_CACHE_BITS = 14, INT_CACHE_SIZE = 1 << INT_CACHE_BITS };

typedef struct {
    apply_fn apply;
    apply_and_list_fn apply_and_list;
    roll_fn roll;
    roll_and_list_fn roll_and_list;
    legal_fn legal_actions;
    player_fn current_player;
    PyObject *rng_type;     /* alea.Rng */
    PyObject *raise_for;    /* alea.errors.raise_for(status): raises */
    PyObject *core;         /* the type made by make_state_core() */
    PyObject *rng_name;     /* "_rng", interned: the attribute of alea.Rng */
    Py_buffer rng_view;     /* pinned: the ctypes alea_rng roll() saw last, or .obj NULL */
    alea_step *step;        /* the results of one call (step_take()) */
    int step_busy;          /* a call holds `step` */
    uint64_t int_values[INT_CACHE_SIZE];
    PyObject *ints[INT_CACHE_SIZE]; /* PyLong of int_values[i], or NULL */
    /* The type's methods and attributes, with the docstrings alea passes (they
       live as long as the module, and the type with them). */
    PyMethodDef methods[N_METHODS + 1];
    PyGetSetDef getset[4];
    char *docs[N_METHODS + 1];
} module_state;

typedef struct {
    PyObject_HEAD
    Py_buffer raw;     /* pinned: the ctypes alea_state (raw.obj), when st is set */
    alea_state *st;    /* its bytes, or NULL */
    PyObject *p;       /* ctypes.byref(raw), for the ctypes calls */
    PyObject *legal;   /* the list fetched and not yet handed out, or NULL */
    PyObject *gid;     /* the game id, or NULL */
    int who;           /* alea_state_current_player() */
    /* bumped by every change of the state or of legal (issue 24); 64 bits on
       every platform, so that it never wraps */
    unsigned long long changes;
    char eager;        /* the list was asked for: fetch it with each step */
} core_object;

/* The module's state, or NULL with an error once the module has been cleared
   (at interpreter shutdown, a finalizer may still call a method). */
static module_state *state_of_class(PyTypeObject *defining_class)
{
    module_state *ms = (module_state *)PyType_GetModuleState(defining_class);
    if (ms && !ms->raise_for) {
        PyErr_SetString(PyExc_RuntimeError, "alea._speedups has been finalized");
        ms = NULL;
    }
    return ms;
}

/* A writable view of exactly `size` contiguous bytes of obj (a ctypes struct),
   with a reference to obj in view->obj; 0, or -1 with an error.  While the
   view is held, no exporter may move, resize or free the bytes. */
static int pin(Py_buffer *view, PyObject *obj, size_t size, const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE) != 0)
        return -1;
    if ((size_t)view->len != size || !PyBuffer_IsContiguous(view, 'C')) {
        PyErr_Format(PyExc_TypeError, "%s: expected %zu contiguous bytes, got %zd", what,
                     size, view->len);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* The int `value`, a new reference: from the cache, or made and cached. */
static PyObject *int_of(module_state *ms, uint64_t value)
{
    size_t i = (size_t)((value * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - INT_CACHE_BITS));
    PyObject *n = ms->ints[i];
    if (n && ms->int_values[i] == value) {
        Py_INCREF(n);
        return n;
    }
    if (!(n = PyLong_FromUnsignedLongLong(value)))
        return NULL;
    Py_INCREF(n);
    Py_XSETREF(ms->ints[i], n);
    ms->int_values[i] = value;
    return n;
}

/* A list of actions as a new list of ints. */
static PyObject *list_of(module_state *ms, const uint64_t *actions, size_t count)
{
    PyObject *list = PyList_New((Py_ssize_t)count);
    if (!list)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        PyObject *n = int_of(ms, actions[i]);
        if (!n) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, n);
    }
    return list;
}

/* After a step that changed the state: remember who acts and the list fetched
   with it.  Building the list can only fail for want of memory; the step has
   happened, so the list is then simply not kept (legal_numbers() fetches it). */
static void after_step(module_state *ms, core_object *self, const alea_step *step)
{
    unsigned long long mine = ++self->changes;
    self->who = step->player;
    Py_CLEAR(self->legal);
    if (step->player != ALEA_PLAYER_CHANCE) {
        /* Building the list may run a finalizer that steps this very state
           (issue 24 item 5): then the list is of a state that is gone, and
           the finalizer's own step has said who acts and what is listed. */
        PyObject *list = list_of(ms, step->actions, step->count);
        if (!list)
            PyErr_Clear();
        else if (self->changes != mine)
            Py_DECREF(list);
        else
            self->legal = list;
    }
}

static PyObject *raise_status(module_state *ms, alea_status status)
{
    PyObject *r = PyObject_CallFunction(ms->raise_for, "i", (int)status);
    if (r) { /* raise_for raises for every failure status */
        Py_DECREF(r);
        PyErr_Format(PyExc_SystemError, "alea status %d did not raise", (int)status);
    }
    return NULL;
}

/* The step buffer for one call, or NULL with an error.  Building a list may
   run the cyclic collector, whose finalizers may call in again, from this
   thread or (if they let go of the GIL) another: such a call gets a buffer of
   its own rather than overwrite the one being read. */
static alea_step *step_take(module_state *ms)
{
    alea_step *step;
    if (!ms->step_busy) {
        ms->step_busy = 1;
        return ms->step;
    }
    if (!(step = PyMem_Malloc(sizeof *step)))
        PyErr_NoMemory();
    return step;
}

static void step_give(module_state *ms, alea_step *step)
{
    if (step == ms->step)
        ms->step_busy = 0;
    else
        PyMem_Free(step);
}

/* -- the type ----------------------------------------------------------------- */

static int core_traverse(core_object *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->raw.obj);
    Py_VISIT(self->p);
    Py_VISIT(self->legal);
    Py_VISIT(self->gid);
    return 0;
}

static int core_clear(core_object *self)
{
    if (self->st) {
        self->st = NULL;
        PyBuffer_Release(&self->raw);
    }
    Py_CLEAR(self->p);
    Py_CLEAR(self->legal);
    Py_CLEAR(self->gid);
    return 0;
}

static void core_dealloc(core_object *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    core_clear(self);
    type->tp_free((PyObject *)self);
    Py_DECREF(type);
}

static PyObject *core_get_raw(core_object *self, void *closure)
{
    (void)closure;
    if (!self->st) {
        PyErr_SetString(PyExc_AttributeError, "_raw");
        return NULL;
    }
    Py_INCREF(self->raw.obj);
    return self->raw.obj;
}

static int core_set_raw(core_object *self, PyObject *value, void *closure)
{
    Py_buffer view;
    (void)closure;
    if (!value) {
        PyErr_SetString(PyExc_TypeError, "_raw cannot be deleted");
        return -1;
    }
    if (pin(&view, value, sizeof(alea_state), "_raw") != 0)
        return -1;
    if (self->st)
        PyBuffer_Release(&self->raw);
    self->raw = view;
    self->st = (alea_state *)view.buf;
    return 0;
}

/* The state's bytes, or NULL with an error for an object never given any. */
static alea_state *state_bytes(core_object *self)
{
    if (!self->st)
        PyErr_SetString(PyExc_ValueError, "the State has no state bytes (_raw is not set)");
    return self->st;
}

/* Each method does what alea.state._StateCore's does (its docstring is theirs). */

static PyObject *core_apply(core_object *self, PyTypeObject *cls, PyObject *const *args,
                            size_t nargsf, PyObject *kwnames)
{
    module_state *ms = state_of_class(cls);
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *action = nargs > 0 ? args[0] : NULL;
    alea_state *st;
    if (!ms)
        return NULL;
    if (nargs == 1 && !kwnames && PyLong_Check(action) && !PyBool_Check(action) &&
        (st = state_bytes(self))) {
        unsigned long long value = PyLong_AsUnsignedLongLong(action);
        if (!(value == (unsigned long long)-1 && PyErr_Occurred())) {
            alea_status status;
            if (self->eager) {
                alea_step *step = step_take(ms);
                if (!step)
                    return NULL;
                status = ms->apply_and_list(step, st, (uint64_t)value, NULL);
                if (status == ALEA_OK)
                    after_step(ms, self, step);
                step_give(ms, step);
            } else {
                status = ms->apply(st, (uint64_t)value, NULL);
                if (status == ALEA_OK) {
                    self->changes++;
                    self->who = ms->current_player(st);
                    Py_CLEAR(self->legal);
                }
            }
            if (status == ALEA_OK)
                Py_RETURN_NONE;
        }
    }
    /* Anything else, and every refusal (the state is unchanged): the checked
       path, with the same arguments, which raises with the reason. */
    PyErr_Clear();
    PyObject *checked = PyObject_GetAttrString((PyObject *)self, "_apply_checked");
    if (!checked)
        return NULL;
    PyObject *result = PyObject_Vectorcall(checked, args, nargsf, kwnames);
    Py_DECREF(checked);
    return result;
}

static PyObject *core_roll(core_object *self, PyTypeObject *cls, PyObject *const *args,
                           size_t nargsf, PyObject *kwnames)
{
    module_state *ms = state_of_class(cls);
    PyObject *rng, *raw;
    alea_rng *rp;
    alea_state *st;
    alea_status status;
    if (!ms)
        return NULL;
    Py_ssize_t given = PyVectorcall_NARGS(nargsf) + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
    if (given != 1 || (kwnames && PyTuple_GET_SIZE(kwnames) &&
                       PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "rng"))) {
        PyErr_SetString(PyExc_TypeError, "roll() takes one argument, rng (an alea.Rng)");
        return NULL;
    }
    rng = args[0];
    if (!PyObject_TypeCheck(rng, (PyTypeObject *)ms->rng_type)) {
        PyErr_Format(PyExc_TypeError, "rng must be an alea.Rng, not %s", Py_TYPE(rng)->tp_name);
        return NULL;
    }
    if (!(st = state_bytes(self)) || !(raw = PyObject_GetAttr(rng, ms->rng_name)))
        return NULL;
    if (raw != ms->rng_view.obj) {
        Py_buffer view;
        if (pin(&view, raw, sizeof(alea_rng), "Rng._rng") != 0) {
            Py_DECREF(raw);
            return NULL;
        }
        if (ms->rng_view.obj)
            PyBuffer_Release(&ms->rng_view);
        ms->rng_view = view;
    }
    Py_DECREF(raw); /* the view holds its own reference */
    rp = (alea_rng *)ms->rng_view.buf;
    uint64_t outcome = 0;
    if (self->eager) {
        alea_step *step = step_take(ms);
        if (!step)
            return NULL;
        status = ms->roll_and_list(step, st, rp, NULL);
        if (status == ALEA_OK) {
            outcome = step->outcome;
            after_step(ms, self, step);
        }
        step_give(ms, step);
        if (status != ALEA_OK)
            return raise_status(ms, status);
        return int_of(ms, outcome);
    }
    status = ms->roll(&outcome, st, rp);
    if (status != ALEA_OK)
        return raise_status(ms, status);
    self->changes++;
    self->who = ms->current_player(st);
    Py_CLEAR(self->legal);
    return int_of(ms, outcome);
}

static PyObject *core_legal_numbers(core_object *self, PyTypeObject *cls, PyObject *const *args,
                                    size_t nargsf, PyObject *kwnames)
{
    module_state *ms = state_of_class(cls);
    alea_state *st;
    size_t count = 0;
    alea_status status;
    (void)args;
    if (!ms)
        return NULL;
    if (PyVectorcall_NARGS(nargsf) != 0 || (kwnames && PyTuple_GET_SIZE(kwnames))) {
        PyErr_SetString(PyExc_TypeError, "legal_numbers() takes no arguments");
        return NULL;
    }
    if (self->legal && self->legal != Py_None) { /* handed over: the caller may change it */
        PyObject *legal = self->legal;
        self->legal = NULL;
        return legal;
    }
    PyObject *legal = NULL;
    alea_step *step;
    if (!(st = state_bytes(self)) || !(step = step_take(ms)))
        return NULL;
    status = ms->legal_actions(step->actions, ALEA_MAX_ACTIONS, &count, st);
    if (status == ALEA_OK) {
        self->eager = 1;
        legal = list_of(ms, step->actions, count);
    }
    step_give(ms, step);
    if (status != ALEA_OK)
        return raise_status(ms, status);
    return legal;
}

static PyMemberDef core_members[] = {
    {"_p", T_OBJECT_EX, offsetof(core_object, p), 0, NULL},
    {"_gid", T_OBJECT, offsetof(core_object, gid), 0, NULL},
    {"_who", T_INT, offsetof(core_object, who), 0, NULL},
    {"_eager", T_BOOL, offsetof(core_object, eager), 0, NULL},
    /* alea.State's Python code bumps it for the changes it makes itself */
    {"_changes", T_ULONGLONG, offsetof(core_object, changes), 0, NULL},
    {NULL, 0, 0, 0, NULL},
};

/* _legal: the list fetched and not yet handed out, or None.  Every change
   made from Python (alea.State's checked apply, _st) sets it, so that a
   step in progress sees that the state moved on (after_step). */
static PyObject *core_get_legal(core_object *self, void *closure)
{
    (void)closure;
    PyObject *v = self->legal ? self->legal : Py_None;
    Py_INCREF(v);
    return v;
}

static int core_set_legal(core_object *self, PyObject *value, void *closure)
{
    (void)closure;
    Py_XINCREF(value);
    Py_XSETREF(self->legal, value);
    self->changes++;
    return 0;
}

static PyObject *core_get_player(core_object *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(self->who);
}

static const char *const method_names[N_METHODS] = {"apply", "roll", "legal_numbers"};
static PyCMethod const method_functions[N_METHODS] = {
    (PyCMethod)core_apply, (PyCMethod)core_roll, (PyCMethod)core_legal_numbers};

/* -- the module ---------------------------------------------------------------- */

static module_state *module_state_of(PyObject *module)
{
    return (module_state *)PyModule_GetState(module);
}

static int address_of(PyObject *functions, const char *name, void **out)
{
    PyObject *v = PyDict_GetItemString(functions, name);
    if (!v || !PyLong_Check(v)) {
        PyErr_Format(PyExc_ValueError, "make_state_core: no address for %s", name);
        return -1;
    }
    *out = PyLong_AsVoidPtr(v);
    if (!*out) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "make_state_core: %s is NULL", name);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(make_state_core_doc,
"make_state_core(functions, docs, rng_type, raise_for, /) -> type\n\n"
"The base class of alea.State with the compiled hot methods, made once per module.\n"
"functions: {C function name: address} of the library ctypes loaded; docs: {method\n"
"name: docstring}; rng_type: alea.Rng; raise_for: called with a failure status, raises.");

/* A function as the void * of a type slot.  ISO C has no such conversion
   (CPython's slot API needs one), so the bits are copied, as dlsym() users do. */
typedef void (*any_fn)(void);
_Static_assert(sizeof(void *) == sizeof(any_fn), "function and object pointers differ in size");

static void *slot_fn(any_fn fn)
{
    void *p;
    memcpy(&p, &fn, sizeof p);
    return p;
}

static PyObject *make_state_core(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    module_state *ms = module_state_of(module);
    PyObject *functions, *docs;
    void *fn[6];
    static const char *const names[6] = {
        "alea_state_apply",         "alea_state_apply_and_list", "alea_state_roll",
        "alea_state_roll_and_list", "alea_state_legal_actions",  "alea_state_current_player"};
    if (nargs != 4 || !PyDict_Check(args[0]) || !PyDict_Check(args[1]) || !PyType_Check(args[2]) ||
        !PyCallable_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError,
                        "make_state_core(functions: dict, docs: dict, rng_type: type, raise_for)");
        return NULL;
    }
    if (ms->core) { /* alea.state imported again (importlib.reload) */
        Py_INCREF(ms->core);
        return ms->core;
    }
    functions = args[0];
    docs = args[1];
    for (int i = 0; i < 6; i++)
        if (address_of(functions, names[i], &fn[i]) != 0)
            return NULL;
    /* Object pointers to function pointers: what dlsym() gives, as ctypes does. */
    memcpy(&ms->apply, &fn[0], sizeof ms->apply);
    memcpy(&ms->apply_and_list, &fn[1], sizeof ms->apply_and_list);
    memcpy(&ms->roll, &fn[2], sizeof ms->roll);
    memcpy(&ms->roll_and_list, &fn[3], sizeof ms->roll_and_list);
    memcpy(&ms->legal_actions, &fn[4], sizeof ms->legal_actions);
    memcpy(&ms->current_player, &fn[5], sizeof ms->current_player);

    for (int i = 0; i <= N_METHODS; i++) {
        const char *name = i < N_METHODS ? method_names[i] : "current_player";
        PyObject *doc = PyDict_GetItemString(docs, name);
        const char *text = doc && PyUnicode_Check(doc) ? PyUnicode_AsUTF8(doc) : NULL;
        if (text) {
            size_t n = strlen(text) + 1;
            PyMem_Free(ms->docs[i]); /* from a call that failed further on */
            if (!(ms->docs[i] = PyMem_Malloc(n)))
                return PyErr_NoMemory();
            memcpy(ms->docs[i], text, n);
        } else if (PyErr_Occurred()) {
            return NULL;
        }
    }
    for (int i = 0; i < N_METHODS; i++) {
        ms->methods[i].ml_name = method_names[i];
        ms->methods[i].ml_meth = (PyCFunction)(void (*)(void))method_functions[i];
        ms->methods[i].ml_flags = METH_METHOD | METH_FASTCALL | METH_KEYWORDS;
        ms->methods[i].ml_doc = ms->docs[i];
    }
    memset(&ms->methods[N_METHODS], 0, sizeof ms->methods[N_METHODS]);
    ms->getset[0] = (PyGetSetDef){"_raw", (getter)core_get_raw, (setter)core_set_raw, NULL, NULL};
    ms->getset[1] = (PyGetSetDef){"current_player", (getter)core_get_player, NULL,
                                  ms->docs[N_METHODS], NULL};
    ms->getset[2] = (PyGetSetDef){"_legal", (getter)core_get_legal, (setter)core_set_legal, NULL,
                                  NULL};
    memset(&ms->getset[3], 0, sizeof ms->getset[3]);

    PyType_Slot slots[] = {
        {Py_tp_doc, (void *)"The compiled hot methods of alea.State (alea._speedups)."},
        {Py_tp_new, slot_fn((any_fn)PyType_GenericNew)},
        {Py_tp_dealloc, slot_fn((any_fn)core_dealloc)},
        {Py_tp_traverse, slot_fn((any_fn)core_traverse)},
        {Py_tp_clear, slot_fn((any_fn)core_clear)},
        {Py_tp_members, core_members},
        {Py_tp_getset, ms->getset},
        {Py_tp_methods, ms->methods},
        {0, NULL},
    };
    PyType_Spec spec = {
        .name = "alea._speedups.StateCore",
        .basicsize = (int)sizeof(core_object),
        .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
        .slots = slots,
    };
    PyObject *type = PyType_FromModuleAndSpec(module, &spec, NULL);
    if (!type)
        return NULL;
    Py_INCREF(args[2]);
    Py_XSETREF(ms->rng_type, args[2]);
    Py_INCREF(args[3]);
    Py_XSETREF(ms->raise_for, args[3]);
    Py_INCREF(type);
    ms->core = type;
    return type;
}

static int module_exec(PyObject *module)
{
    module_state *ms = module_state_of(module);
    ms->rng_name = PyUnicode_InternFromString("_rng");
    if (!ms->rng_name)
        return -1;
    ms->step = PyMem_Calloc(1, sizeof(alea_step));
    if (!ms->step) {
        PyErr_NoMemory();
        return -1;
    }
    return PyModule_AddIntConstant(module, "STATE_SIZE", (long)sizeof(alea_state));
}

static int module_traverse(PyObject *module, visitproc visit, void *arg)
{
    module_state *ms = module_state_of(module);
    Py_VISIT(ms->rng_type);
    Py_VISIT(ms->raise_for);
    Py_VISIT(ms->core);
    Py_VISIT(ms->rng_name);
    Py_VISIT(ms->rng_view.obj);
    return 0;
}

static int module_clear(PyObject *module)
{
    module_state *ms = module_state_of(module);
    Py_CLEAR(ms->rng_type);
    Py_CLEAR(ms->raise_for);
    Py_CLEAR(ms->core);
    Py_CLEAR(ms->rng_name);
    if (ms->rng_view.obj)
        PyBuffer_Release(&ms->rng_view);
    for (size_t i = 0; i < INT_CACHE_SIZE; i++)
        Py_CLEAR(ms->ints[i]);
    return 0;
}

static void module_free(void *module)
{
    module_state *ms = module_state_of((PyObject *)module);
    module_clear((PyObject *)module);
    PyMem_Free(ms->step);
    ms->step = NULL;
    for (int i = 0; i <= N_METHODS; i++) {
        PyMem_Free(ms->docs[i]);
        ms->docs[i] = NULL;
    }
}

static PyMethodDef module_methods[] = {
    {"make_state_core", (PyCFunction)(void (*)(void))make_state_core, METH_FASTCALL,
     make_state_core_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "alea._speedups",
    .m_doc = "The compiled hot methods of alea.State (optional; see alea/state.py).",
    .m_size = sizeof(module_state),
    .m_methods = module_methods,
    .m_traverse = module_traverse,
    .m_clear = module_clear,
    .m_free = module_free,
};

PyMODINIT_FUNC PyInit__speedups(void);

/* Single-phase initialisation: a multi-phase slot table would need a function
   pointer as void * in a static initialiser. */
PyMODINIT_FUNC PyInit__speedups(void)
{
    PyObject *module = PyModule_Create(&module_def);
    if (module && module_exec(module) != 0)
        Py_CLEAR(module);
    return module;
}
