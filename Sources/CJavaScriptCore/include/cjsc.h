/// CJavaScriptCore: JavaScriptCore's C API (WebKitGTK's `libjavascriptcoregtk-4.1`), loaded on
/// first use with `dlopen` rather than linked.
///
/// Linked, the engine and the libraries under it (GLib, ICU) would be loaded and bound at every
/// start of `lazer`, scripts or not; loaded here, they cost nothing until a script runs, and a
/// machine without the library still runs everything but scripts (which then say what to install).
/// Every `cjsc_` function calls the JavaScriptCore function of the same name after `cjsc_`; call
/// `cjsc_load` first. Only the Scripting module imports this target.
#ifndef CJSC_H
#define CJSC_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>

/// Loads the library and binds every function below. NULL when they are ready (also on every
/// later call), else why not (a `dlerror` text, owned by this module).
const char *cjsc_load(void);

/// Asked when a script ran past the group's time limit: true stops it, false gives it another
/// slice (JavaScriptCore's private `JSShouldTerminateCallback`, exported by the library).
typedef bool (*cjsc_should_terminate)(JSContextRef ctx, void *context);

JSContextGroupRef cjsc_JSContextGroupCreate(void);
void cjsc_JSContextGroupRelease(JSContextGroupRef group);
void cjsc_JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit, cjsc_should_terminate callback,
                                              void *context);
JSGlobalContextRef cjsc_JSGlobalContextCreateInGroup(JSContextGroupRef group, JSClassRef globalObjectClass);
void cjsc_JSGlobalContextRelease(JSGlobalContextRef ctx);
JSObjectRef cjsc_JSContextGetGlobalObject(JSContextRef ctx);
JSValueRef cjsc_JSEvaluateScript(JSContextRef ctx, JSStringRef script, JSObjectRef thisObject, JSStringRef sourceURL,
                                 int startingLineNumber, JSValueRef *exception);
bool cjsc_JSCheckScriptSyntax(JSContextRef ctx, JSStringRef script, JSStringRef sourceURL, int startingLineNumber,
                              JSValueRef *exception);
void cjsc_JSGarbageCollect(JSContextRef ctx);

JSStringRef cjsc_JSStringCreateWithUTF8CString(const char *string);
JSStringRef cjsc_JSStringCreateWithCharacters(const JSChar *chars, size_t numChars);
void cjsc_JSStringRelease(JSStringRef string);
size_t cjsc_JSStringGetLength(JSStringRef string);
const JSChar *cjsc_JSStringGetCharactersPtr(JSStringRef string);
size_t cjsc_JSStringGetMaximumUTF8CStringSize(JSStringRef string);
size_t cjsc_JSStringGetUTF8CString(JSStringRef string, char *buffer, size_t bufferSize);

JSValueRef cjsc_JSValueMakeString(JSContextRef ctx, JSStringRef string);
JSValueRef cjsc_JSValueMakeUndefined(JSContextRef ctx);
JSValueRef cjsc_JSValueMakeNumber(JSContextRef ctx, double number);
JSValueRef cjsc_JSValueMakeBoolean(JSContextRef ctx, bool boolean);
JSStringRef cjsc_JSValueToStringCopy(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
double cjsc_JSValueToNumber(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
bool cjsc_JSValueIsObject(JSContextRef ctx, JSValueRef value);
bool cjsc_JSValueIsString(JSContextRef ctx, JSValueRef value);
JSObjectRef cjsc_JSValueToObject(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
void cjsc_JSValueProtect(JSContextRef ctx, JSValueRef value);
void cjsc_JSValueUnprotect(JSContextRef ctx, JSValueRef value);

JSClassRef cjsc_JSClassCreate(const JSClassDefinition *definition);
JSObjectRef cjsc_JSObjectMake(JSContextRef ctx, JSClassRef jsClass, void *data);
void *cjsc_JSObjectGetPrivate(JSObjectRef object);
JSObjectRef cjsc_JSObjectMakeFunctionWithCallback(JSContextRef ctx, JSStringRef name,
                                                  JSObjectCallAsFunctionCallback callAsFunction);
JSObjectRef cjsc_JSObjectMakeFunction(JSContextRef ctx, JSStringRef name, unsigned parameterCount,
                                      const JSStringRef parameterNames[], JSStringRef body, JSStringRef sourceURL,
                                      int startingLineNumber, JSValueRef *exception);
JSValueRef cjsc_JSObjectCallAsFunction(JSContextRef ctx, JSObjectRef object, JSObjectRef thisObject,
                                       size_t argumentCount, const JSValueRef arguments[], JSValueRef *exception);
JSValueRef cjsc_JSObjectGetProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName,
                                    JSValueRef *exception);
void cjsc_JSObjectSetProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef value,
                              JSPropertyAttributes attributes, JSValueRef *exception);
JSValueRef cjsc_JSObjectGetPropertyAtIndex(JSContextRef ctx, JSObjectRef object, unsigned propertyIndex,
                                           JSValueRef *exception);
JSValueRef cjsc_JSObjectGetPropertyForKey(JSContextRef ctx, JSObjectRef object, JSValueRef propertyKey,
                                          JSValueRef *exception);
bool cjsc_JSObjectHasProperty(JSContextRef ctx, JSObjectRef object, JSStringRef propertyName);
bool cjsc_JSValueToBoolean(JSContextRef ctx, JSValueRef value);

#endif
