import Testing
import YaiaSequencer

@Suite("Exporting a plan")
struct ExportTests {
  let plan: LaunchPlan<String>

  init() throws {
    plan = try LaunchPlan {
      LaunchStep("splash") { _ in }
      LaunchStep("speaker", optional: true) { _ in }
      LaunchStep("login", after: ["splash"], needsUserInput: true, timeout: .seconds(5)) { _ in }
      LaunchStep("home", after: ["login", "speaker"]) { _ in }
    }
  }

  @Test("as Mermaid: rounded user-input steps, dashed arrows from optional steps")
  func mermaid() {
    #expect(
      plan.mermaid() == """
        flowchart TD
          s0["splash"]
          s1["speaker"]
          s2(["login"])
          s3["home"]
          s0 --> s2
          s2 --> s3
          s1 -.-> s3

        """)
  }

  @Test("as Graphviz DOT")
  func dot() {
    #expect(
      plan.dot() == """
        digraph "launch" {
          rankdir=LR;
          node [shape=box];
          s0 [label="splash"];
          s1 [label="speaker"];
          s2 [label="login", style=rounded];
          s3 [label="home"];
          s0 -> s2;
          s2 -> s3;
          s1 -> s3 [style=dashed];
        }

        """)
  }

  @Test("as a text outline, wave by wave")
  func outline() {
    #expect(
      plan.outline() == """
        wave 1: splash, speaker (optional)
        wave 2: login (after splash; user input; timeout 5 s)
        wave 3: home (after login, speaker)

        """)
  }

  @Test("labels with quotes, backslashes and line breaks stay valid")
  func quoting() throws {
    let odd = try LaunchPlan([LaunchStep("say \"hi\"\\\nnow") { _ in }])
    #expect(odd.mermaid().contains(#"s0["say #quot;hi#quot;\ now"]"#))
    #expect(odd.dot().contains(#"s0 [label="say \"hi\"\\ now"];"#))
  }
}
