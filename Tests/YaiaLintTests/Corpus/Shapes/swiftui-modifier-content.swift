// rule: nested-closures
// pattern: swiftui-modifier-content
// expect: none
struct Editor: View {
  var body: some View {
    Form { Section { Toggle("On", isOn: $on) } }
      .toolbar { ToolbarItem { Menu { Button("Delete", role: .destructive) { delete() } } } }
      .sheet(isPresented: $open) { NavigationStack { Detail().padding() } }
      #if os(iOS)
        .listStyle(.insetGrouped)
      #endif
  }
}
