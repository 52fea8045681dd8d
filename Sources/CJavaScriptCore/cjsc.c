/// Binds JavaScriptCore's functions at first use (see cjsc.h) and calls through them.
#include "cjsc.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

// One pointer per function, bound once by `cjsc_load`.
static JSContextGroupRef (*p_JSContextGroupCreate)(void);
static void (*p_JSContextGroupRelease)(JSContextGroupRef group);
static void (*p_JSContextGroupSetExecutionTimeLimit)(JSContextGroupRef group, double limit, cjsc_should_terminate callback, void *context);
static JSGlobalContextRef (*p_JSGlobalContextCreateInGroup)(JSContextGroupRef group, JSClassRef globalObjectClass);
static void (*p_JSGlobalContextRelease)(JSGlobalContextRef ctx);
static JSObjectRef (*p_JSContextGetGlobalObject)(JSContextRef ctx);
static JSValueRef (*p_JSEvaluateScript)(JSContextRef ctx, JSStringRef script, JSObjectRef thisObject, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception);
static bool (*p_JSCheckScriptSyntax)(JSContextRef ctx, JSStringRef script, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception);
static void (*p_JSGarbageCollect)(JSContextRef ctx);
static JSStringRef (*p_JSStringCreateWithUTF8CString)(const char *string);
static JSStringRef (*p_JSStringCreateWithCharacters)(const JSChar *chars, size_t numChars);
static void (*p_JSStringRelease)(JSStringRef string);
static size_t (*p_JSStringGetLength)(JSStringRef string);
static const JSChar * (*p_JSStringGetCharactersPtr)(JSStringRef string);
static size_t (*p_JSStringGetMaximumUTF8CStringSize)(JSStringRef string);
static size_t (*p_JSStringGetUTF8CString)(JSStringRef string, char *buffer, size_t bufferSize);
static JSValueRef (*p_JSValueMakeString)(JSContextRef ctx, JSStringRef string);
static JSValueRef (*p_JSValueMakeUndefined)(JSContextRef ctx);
static JSValueRef (*p_JSValueMakeNumber)(JSContextRef ctx, double number);
static JSValueRef (*p_JSValueMakeBoolean)(JSContextRef ctx, bool boolean);
static JSStringRef (*p_JSValueToStringCopy)(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
static double (*p_JSValueToNumber)(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
static bool (*p_JSValueIsObject)(JSContextRef ctx, JSValueRef value);
static bool (*p_JSValueIsString)(JSContextRef ctx, JSValueRef value);
static JSObjectRef (*p_JSValueToObject)(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
static void (*p_JSValueProtect)(JSContextRef ctx, JSValueRef value);
static void (*p_JSValueUnprotect)(JSContextRef ctx, JSValueRef value);
static JSClassRef (*p_JSClassCreate)(const JSClassDefinition *definition);
static JSObjectRef (*p_JSObjectMake)(JSContextRef ctx, JSClassRef jsClass, void *data);
static void * (*p_JSObjectGetPrivate)(JSObjectRef object);
static JSObjectRef (*p_JSObjectMakeFunctionWithCallback)(JSContextRef ctx, JSStringRef name, JSObjectCallAsFunctionCallback callAsFunction);
static JSObjectRef (*p_JSObjectMakeFunction)(JSContextRef ctx, JSStringRef name, unsigned parameterCount, const JSStringRef parameterNames[], JSStringRef body, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception);
static JSValueRef (*p_JSObjectCallAsFunction)(JSContextRef ctx, JSObjectRef object, JSObjectRef thisObject, size_t argumentCount, const JSValueRef arguments[], JSValueRef *exception);
static JSValueRef (*p_JSObjectGetProperty)(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef *exception);
static JSValueRef (*p_JSObjectGetPropertyAtIndex)(JSContextRef ctx, JSObjectRef object, unsigned propertyIndex, JSValueRef *exception);
static JSValueRef (*p_JSObjectGetPropertyForKey)(JSContextRef ctx, JSObjectRef object, JSValueRef propertyKey, JSValueRef *exception);
static bool (*p_JSObjectHasProperty)(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName);
static bool (*p_JSValueToBoolean)(JSContextRef ctx, JSValueRef value);
static void (*p_JSObjectSetProperty)(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef value, JSPropertyAttributes attributes, JSValueRef *exception);

static const char *load_error = NULL;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define BIND(name)                                                                                                   \
    do {                                                                                                             \
        *(void **)(&p_##name) = dlsym(library, #name);                                                               \
        if (p_##name == NULL) {                                                                                      \
            load_error = "libjavascriptcoregtk-4.1 lacks " #name;                                                    \
            return;                                                                                                  \
        }                                                                                                            \
    } while (0)

static void load(void) {
    void *library = dlopen("libjavascriptcoregtk-4.1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_error = dlerror();
        if (load_error == NULL) load_error = "libjavascriptcoregtk-4.1.so.0 could not be loaded";
        return;
    }
    BIND(JSContextGroupCreate);
    BIND(JSContextGroupRelease);
    BIND(JSContextGroupSetExecutionTimeLimit);
    BIND(JSGlobalContextCreateInGroup);
    BIND(JSGlobalContextRelease);
    BIND(JSContextGetGlobalObject);
    BIND(JSEvaluateScript);
    BIND(JSCheckScriptSyntax);
    BIND(JSGarbageCollect);
    BIND(JSStringCreateWithUTF8CString);
    BIND(JSStringCreateWithCharacters);
    BIND(JSStringRelease);
    BIND(JSStringGetLength);
    BIND(JSStringGetCharactersPtr);
    BIND(JSStringGetMaximumUTF8CStringSize);
    BIND(JSStringGetUTF8CString);
    BIND(JSValueMakeString);
    BIND(JSValueMakeUndefined);
    BIND(JSValueMakeNumber);
    BIND(JSValueMakeBoolean);
    BIND(JSValueToStringCopy);
    BIND(JSValueToNumber);
    BIND(JSValueIsObject);
    BIND(JSValueIsString);
    BIND(JSValueToObject);
    BIND(JSValueProtect);
    BIND(JSValueUnprotect);
    BIND(JSClassCreate);
    BIND(JSObjectMake);
    BIND(JSObjectGetPrivate);
    BIND(JSObjectMakeFunctionWithCallback);
    BIND(JSObjectMakeFunction);
    BIND(JSObjectCallAsFunction);
    BIND(JSObjectGetProperty);
    BIND(JSObjectSetProperty);
    BIND(JSObjectGetPropertyAtIndex);
    BIND(JSObjectGetPropertyForKey);
    BIND(JSObjectHasProperty);
    BIND(JSValueToBoolean);
    // Options change only here, before any context exists (a VM running while they change crashes).
    // No FTL, JavaScriptCore's top tier: compiling the prelude and Chai with it took a tenth of a
    // 1,000-request `lazer run`'s CPU on another core, for jobs its DFG tier runs as fast
    // (`make bench-scripts`). JSC_useFTLJIT in the environment still decides.
    int (*set_boolean)(const char *option, int value);
    *(void **)(&set_boolean) = dlsym(library, "jsc_options_set_boolean");
    if (set_boolean != NULL && getenv("JSC_useFTLJIT") == NULL) set_boolean("useFTLJIT", 0);
}

const char *cjsc_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

JSContextGroupRef cjsc_JSContextGroupCreate(void) { return p_JSContextGroupCreate(); }
void cjsc_JSContextGroupRelease(JSContextGroupRef group) { p_JSContextGroupRelease(group); }
void cjsc_JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit, cjsc_should_terminate callback, void *context) { p_JSContextGroupSetExecutionTimeLimit(group, limit, callback, context); }
JSGlobalContextRef cjsc_JSGlobalContextCreateInGroup(JSContextGroupRef group, JSClassRef globalObjectClass) { return p_JSGlobalContextCreateInGroup(group, globalObjectClass); }
void cjsc_JSGlobalContextRelease(JSGlobalContextRef ctx) { p_JSGlobalContextRelease(ctx); }
JSObjectRef cjsc_JSContextGetGlobalObject(JSContextRef ctx) { return p_JSContextGetGlobalObject(ctx); }
JSValueRef cjsc_JSEvaluateScript(JSContextRef ctx, JSStringRef script, JSObjectRef thisObject, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception) { return p_JSEvaluateScript(ctx, script, thisObject, sourceURL, startingLineNumber, exception); }
bool cjsc_JSCheckScriptSyntax(JSContextRef ctx, JSStringRef script, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception) { return p_JSCheckScriptSyntax(ctx, script, sourceURL, startingLineNumber, exception); }
void cjsc_JSGarbageCollect(JSContextRef ctx) { p_JSGarbageCollect(ctx); }
JSStringRef cjsc_JSStringCreateWithUTF8CString(const char *string) { return p_JSStringCreateWithUTF8CString(string); }
JSStringRef cjsc_JSStringCreateWithCharacters(const JSChar *chars, size_t numChars) { return p_JSStringCreateWithCharacters(chars, numChars); }
void cjsc_JSStringRelease(JSStringRef string) { p_JSStringRelease(string); }
size_t cjsc_JSStringGetLength(JSStringRef string) { return p_JSStringGetLength(string); }
const JSChar *cjsc_JSStringGetCharactersPtr(JSStringRef string) { return p_JSStringGetCharactersPtr(string); }
size_t cjsc_JSStringGetMaximumUTF8CStringSize(JSStringRef string) { return p_JSStringGetMaximumUTF8CStringSize(string); }
size_t cjsc_JSStringGetUTF8CString(JSStringRef string, char *buffer, size_t bufferSize) { return p_JSStringGetUTF8CString(string, buffer, bufferSize); }
JSValueRef cjsc_JSValueMakeString(JSContextRef ctx, JSStringRef string) { return p_JSValueMakeString(ctx, string); }
JSValueRef cjsc_JSValueMakeUndefined(JSContextRef ctx) { return p_JSValueMakeUndefined(ctx); }
JSValueRef cjsc_JSValueMakeNumber(JSContextRef ctx, double number) { return p_JSValueMakeNumber(ctx, number); }
JSValueRef cjsc_JSValueMakeBoolean(JSContextRef ctx, bool boolean) { return p_JSValueMakeBoolean(ctx, boolean); }
JSStringRef cjsc_JSValueToStringCopy(JSContextRef ctx, JSValueRef value, JSValueRef *exception) { return p_JSValueToStringCopy(ctx, value, exception); }
double cjsc_JSValueToNumber(JSContextRef ctx, JSValueRef value, JSValueRef *exception) { return p_JSValueToNumber(ctx, value, exception); }
bool cjsc_JSValueIsObject(JSContextRef ctx, JSValueRef value) { return p_JSValueIsObject(ctx, value); }
bool cjsc_JSValueIsString(JSContextRef ctx, JSValueRef value) { return p_JSValueIsString(ctx, value); }
JSObjectRef cjsc_JSValueToObject(JSContextRef ctx, JSValueRef value, JSValueRef *exception) { return p_JSValueToObject(ctx, value, exception); }
void cjsc_JSValueProtect(JSContextRef ctx, JSValueRef value) { p_JSValueProtect(ctx, value); }
void cjsc_JSValueUnprotect(JSContextRef ctx, JSValueRef value) { p_JSValueUnprotect(ctx, value); }
JSClassRef cjsc_JSClassCreate(const JSClassDefinition *definition) { return p_JSClassCreate(definition); }
JSObjectRef cjsc_JSObjectMake(JSContextRef ctx, JSClassRef jsClass, void *data) { return p_JSObjectMake(ctx, jsClass, data); }
void *cjsc_JSObjectGetPrivate(JSObjectRef object) { return p_JSObjectGetPrivate(object); }
JSObjectRef cjsc_JSObjectMakeFunctionWithCallback(JSContextRef ctx, JSStringRef name, JSObjectCallAsFunctionCallback callAsFunction) { return p_JSObjectMakeFunctionWithCallback(ctx, name, callAsFunction); }
JSObjectRef cjsc_JSObjectMakeFunction(JSContextRef ctx, JSStringRef name, unsigned parameterCount, const JSStringRef parameterNames[], JSStringRef body, JSStringRef sourceURL, int startingLineNumber, JSValueRef *exception) { return p_JSObjectMakeFunction(ctx, name, parameterCount, parameterNames, body, sourceURL, startingLineNumber, exception); }
JSValueRef cjsc_JSObjectCallAsFunction(JSContextRef ctx, JSObjectRef object, JSObjectRef thisObject, size_t argumentCount, const JSValueRef arguments[], JSValueRef *exception) { return p_JSObjectCallAsFunction(ctx, object, thisObject, argumentCount, arguments, exception); }
JSValueRef cjsc_JSObjectGetProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef *exception) { return p_JSObjectGetProperty(ctx, object, propertyName, exception); }
void cjsc_JSObjectSetProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef value, JSPropertyAttributes attributes, JSValueRef *exception) { p_JSObjectSetProperty(ctx, object, propertyName, value, attributes, exception); }
JSValueRef cjsc_JSObjectGetPropertyAtIndex(JSContextRef ctx, JSObjectRef object, unsigned propertyIndex, JSValueRef *exception) { return p_JSObjectGetPropertyAtIndex(ctx, object, propertyIndex, exception); }
JSValueRef cjsc_JSObjectGetPropertyForKey(JSContextRef ctx, JSObjectRef object, JSValueRef propertyKey, JSValueRef *exception) { return p_JSObjectGetPropertyForKey(ctx, object, propertyKey, exception); }
bool cjsc_JSObjectHasProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName) { return p_JSObjectHasProperty(ctx, object, propertyName); }
bool cjsc_JSValueToBoolean(JSContextRef ctx, JSValueRef value) { return p_JSValueToBoolean(ctx, value); }
