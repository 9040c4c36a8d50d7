import FlyingFox

/// The server's answers are FlyingFox's: YaiaHTTP's response value, which the apps' side
/// shares, has the same name, and this server never builds one.
typealias HTTPResponse = FlyingFox.HTTPResponse
