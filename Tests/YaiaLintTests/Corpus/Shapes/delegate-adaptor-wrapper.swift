// rule: unused-private
// pattern: delegate-adaptor-wrapper
// expect: none
@main
struct Shop: App {
  @UIApplicationDelegateAdaptor private var appDelegate: AppDelegate
  var body: some Scene { WindowGroup { ContentView() } }
}
