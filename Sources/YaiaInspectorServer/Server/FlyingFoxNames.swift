import FlyingFox

// The server speaks FlyingFox's HTTP: YaiaHTTP's request, response and method, which the
// apps' side shares for JSON and more, have the same names, and this server never builds one.

/// FlyingFox's request, as this server receives it.
typealias HTTPRequest = FlyingFox.HTTPRequest
/// FlyingFox's response, as this server answers.
typealias HTTPResponse = FlyingFox.HTTPResponse
/// FlyingFox's method.
typealias HTTPMethod = FlyingFox.HTTPMethod
