//! The token estimator against a real tokenizer (`o200k_base`) on a corpus of Pling's own
//! observations, tool schemas, receipts and conversations. Prints each document's ratio.

mod common;

use pling_core::tokens::estimate;
use pling_core::{observe, render, system_message, Limits, Snapshot, RULES};

fn corpus() -> Vec<(String, String)> {
    let mut docs = Vec::new();
    let todos = Snapshot::from_json(include_str!("fixtures/todos.json")).unwrap();
    for (name, snapshot) in [
        ("todos", todos),
        ("list 12", common::list_page(12, 3, 6, 12)),
        ("list 1000", common::list_page(1000, 3, 6, 12)),
    ] {
        let o = observe(&snapshot, &Limits::default()).unwrap();
        let r = render(&o);
        docs.push((format!("{name}: page section"), r.section.clone()));
        docs.push((format!("{name}: tools"), serde_json::to_string(&r.tools).unwrap()));
    }
    docs.push(("rules".into(), RULES.to_owned()));
    let todos = Snapshot::from_json(include_str!("fixtures/todos.json")).unwrap();
    let o = observe(&todos, &Limits::default()).unwrap();
    let r = render(&o);
    docs.push((
        "system message".into(),
        system_message(Some("You help the user manage a personal task list."), &r.section, r.rules),
    ));
    // A receipt made by the real code: the search on the Todo page.
    let before = Snapshot::from_json(include_str!("fixtures/todos.json")).unwrap();
    let mut after = before.clone();
    after.records.retain(|r| r.id == "t9");
    after.state[1].value = pling_core::json!(1).into();
    let search = before.actions.iter().find(|a| a.id == "search").unwrap();
    let receipt = pling_core::receipt::Receipt::ran(
        search,
        "search",
        true,
        None,
        pling_core::receipt::diff_of(&before, &after, search.effect),
    );
    docs.push(("receipt (generated)".into(), receipt.to_content(1000)));
    for (name, text) in [
        ("user", "Mark the weekly report as done."),
        ("user 2", "Add a task called Buy milk, then delete the task Book the design review please"),
        ("assistant", "I will find it first."),
        ("assistant json call", "```json\n{\"name\": \"search\", \"arguments\": {\"text\": \"weekly report\"}}\n```"),
        ("receipt", r#"{"result":{"ok":true,"action":{"id":"search","description":"Search tasks by text"},"changed":{"observed":true,"records":{"removed":["t1","t2","t3","t4","t5","t6","t7","t8","t10","t11","t12"]},"state":{"total":{"from":12,"to":1}}}}}"#),
        ("receipt 2", r#"{"result":{"ok":true,"action":{"id":"toggle@t9","description":"Mark the task as complete"},"changed":{"observed":true,"records":{"removed":["t9"]},"state":{"total":{"from":1,"to":0}}}}}"#),
        ("error result", r#"{"result":{"ok":false,"action":{"id":"delete","description":""},"error":"unknown action `delete`; available now: add_todo, toggle, search"}}"#),
        ("final", "I searched for the weekly report, found it as task t9 (Write the weekly report) and marked it as done. It no longer appears in the open tasks."),
        ("summary", "[Conversation history summary]\nThe user asked to mark the weekly report as done. The assistant searched for \"weekly report\" (ok), then toggled t9 (ok, removed from the open list)."),
    ] {
        docs.push((name.to_owned(), text.to_owned()));
    }
    docs
}

#[test]
fn estimate_is_within_15_percent_of_o200k_on_our_corpus() {
    let bpe = tiktoken_rs::o200k_base().unwrap();
    let (mut est_total, mut real_total) = (0usize, 0usize);
    let mut worst: f64 = 0.0;
    for (name, text) in corpus() {
        let real = bpe.encode_with_special_tokens(&text).len();
        let est = estimate(&text);
        let ratio = est as f64 / real as f64;
        println!("{name:>28}: real {real:>5}  estimate {est:>5}  ratio {ratio:.3}");
        est_total += est;
        real_total += real;
        if real >= 20 {
            worst = worst.max((ratio - 1.0).abs());
            if std::env::var_os("PLING_TOKENS_SOFT").is_none() {
                assert!((0.85..=1.15).contains(&ratio), "{name}: ratio {ratio:.3}");
            }
        }
    }
    let ratio = est_total as f64 / real_total as f64;
    println!("{:>28}: real {real_total:>5}  estimate {est_total:>5}  ratio {ratio:.3}; worst document off by {:.1}%", "total", worst * 100.0);
    assert!((0.95..=1.05).contains(&ratio), "total ratio {ratio:.3}");
}

/// Requests in other scripts (page text in them is counted the same way): each between 0.65 and
/// 1.4 times the real count, and within a tenth of it over all of them.
#[test]
fn estimate_holds_in_other_scripts() {
    let bpe = tiktoken_rs::o200k_base().unwrap();
    let (mut est_total, mut real_total) = (0usize, 0usize);
    for (name, text) in [
        ("de", "Markiere den Wochenbericht als erledigt und lösche die Aufgabe „Einkäufe für Übermorgen“."),
        ("fr", "Marquez le rapport hebdomadaire comme terminé, puis supprimez la tâche « Réunion de l’équipe »."),
        ("ru", "Отметь еженедельный отчёт как выполненный и удали задачу «Купить молоко»."),
        ("el", "Σημείωσε την εβδομαδιαία αναφορά ως ολοκληρωμένη και διέγραψε την εργασία."),
        ("ar", "ضع علامة على التقرير الأسبوعي كمكتمل واحذف المهمة «شراء الحليب»."),
        ("hi", "साप्ताहिक रिपोर्ट को पूरा चिह्नित करें और कार्य «दूध खरीदें» हटाएँ।"),
        ("he", "סמן את הדוח השבועי כהושלם ומחק את המשימה «לקנות חלב»."),
        ("th", "ทำเครื่องหมายรายงานประจำสัปดาห์ว่าเสร็จแล้ว และลบงาน «ซื้อนม»"),
        ("symbols", "Total: 12,50 € → 15 % off · ✓ done © 2026 ™ — see § 4 ± 0.5 °C ½"),
        ("ja", "週報を完了にして、タスク「牛乳を買う」を削除してください。"),
    ] {
        let real = bpe.encode_with_special_tokens(text).len();
        let est = estimate(text);
        let ratio = est as f64 / real as f64;
        println!("{name:>8}: real {real:>4}  estimate {est:>4}  ratio {ratio:.3}");
        assert!((0.65..=1.4).contains(&ratio), "{name}: ratio {ratio:.3}");
        (est_total, real_total) = (est_total + est, real_total + real);
    }
    let ratio = est_total as f64 / real_total as f64;
    println!("   total: real {real_total:>4}  estimate {est_total:>4}  ratio {ratio:.3}");
    assert!((0.9..=1.1).contains(&ratio), "total ratio {ratio:.3}");
}
