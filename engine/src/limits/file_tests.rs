//! Reading limits files: what each table sets, and one refusal per kind of bad input, each
//! naming its line.

use super::*;

fn refusal(text: &str) -> String {
    Limits::from_toml(text).unwrap_err().to_string()
}

#[test]
fn each_table_sets_its_limits_in_file_order() {
    let text = "[\"arm/*\"]\nmax_velocity = 250\nmax_acceleration = 4_000\n\n\
                [\"arm/angle\"]\nmin = -10\nmax = 1e2\nmax_velocity_step = 0x10\n\n[\"light/on\"]\n";
    let limits = Limits::from_toml(text).unwrap();
    let lines: Vec<(&str, usize)> = limits
        .tables
        .iter()
        .map(|t| (t.pattern.as_str(), t.line))
        .collect();
    assert_eq!(lines, [("arm/*", 1), ("arm/angle", 5), ("light/on", 10)]);
    let glob = TargetLimits {
        max_velocity: Some(250.0),
        max_acceleration: Some(4000.0),
        ..TargetLimits::default()
    };
    assert_eq!(limits.tables[0].limits, glob);
    let angle = TargetLimits {
        min: Some(-10.0),
        max: Some(100.0),
        max_velocity_step: Some(16.0),
        ..TargetLimits::default()
    };
    assert_eq!(limits.tables[1].limits, angle);
    assert_eq!(limits.tables[2].limits, TargetLimits::default());
}

#[test]
fn a_name_outranks_a_glob_and_globs_give_the_strictest() {
    let text = "[\"arm/angle\"]\nmax_velocity = 300\n\
                [\"arm/*\"]\nmax_velocity = 250\nmin = -5\nmax = 50\n\
                [\"*\"]\nmax_velocity = 100\nmin = -1\nmax = 80\n";
    let limits = Limits::from_toml(text).unwrap();
    let angle = limits.for_target("arm/angle").unwrap();
    assert_eq!(angle.max_velocity, Some(300.0));
    assert_eq!((angle.min, angle.max), (Some(-1.0), Some(50.0)));
    let elbow = limits.for_target("arm/elbow").unwrap();
    assert_eq!(elbow.max_velocity, Some(100.0));
    assert_eq!(elbow.max_acceleration, None);
}

#[test]
fn a_target_no_table_names_has_no_limits_at_all() {
    let limits = Limits::from_toml("[\"arm/*\"]\nmax = 1\n[\"light/on\"]\n").unwrap();
    assert_eq!(limits.for_target("leg/knee"), None);
    assert_eq!(limits.for_target("light/on"), Some(TargetLimits::default()));
}

#[test]
fn a_table_matching_no_target_is_refused_with_its_line() {
    let limits = Limits::from_toml("[\"arm/*\"]\nmax = 1\n\n[\"leg/*\"]\nmax = 2\n").unwrap();
    assert_eq!(limits.check_matches(["arm/angle", "leg/knee"]), Ok(()));
    let error = limits.check_matches(["arm/angle", "light/on"]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 4: [\"leg/*\"] matches no target of the clips checked"
    );
}

#[test]
fn text_that_is_not_toml_is_refused_with_its_line() {
    assert_eq!(
        refusal("[\"arm/*\"]\nmax_velocity = = 3\n"),
        "line 2: not TOML: extra `=`, expected nothing"
    );
}

#[test]
fn a_negative_magnitude_is_refused() {
    assert_eq!(
        refusal("[\"arm/*\"]\nmin = -3\nmax_velocity = -250\n"),
        "line 3: max_velocity is -250: a limit on a magnitude cannot be negative"
    );
    assert_eq!(
        refusal("[a]\nmax_velocity_step = -0.5\n"),
        "line 2: max_velocity_step is -0.5: a limit on a magnitude cannot be negative"
    );
}

#[test]
fn an_unknown_key_is_refused_with_the_known_ones() {
    assert_eq!(
        refusal("[\"arm/*\"]\n\nmax_speed = 3\n"),
        "line 3: unknown key \"max_speed\" in [\"arm/*\"] (a table sets any of min, max, \
         max_velocity, max_acceleration, max_velocity_step)"
    );
}

#[test]
fn a_dotted_header_is_explained() {
    assert_eq!(
        refusal("[arm.angle]\nmax = 3\n"),
        "line 1: [arm.angle] is a table inside [arm]: quote a target holding a dot, \
         e.g. [\"arm.angle\"]"
    );
}

#[test]
fn values_must_be_finite_numbers() {
    assert_eq!(
        refusal("[a]\nmax = \"90\"\n"),
        "line 2: max must be a finite number, not a string"
    );
    assert_eq!(
        refusal("[a]\nmin = nan\n"),
        "line 2: min must be a finite number, not nan"
    );
    assert_eq!(
        refusal("[a]\nmax_velocity = inf\n"),
        "line 2: max_velocity must be a finite number, not inf"
    );
}

#[test]
fn a_key_outside_any_table_is_refused() {
    assert_eq!(
        refusal("max = 3\n"),
        "line 1: \"max\" is not a table: a limits file is a table per target or glob, \
         e.g. [\"arm/*\"]"
    );
}

#[test]
fn min_above_max_is_refused_at_max() {
    assert_eq!(
        refusal("[a]\nmin = 5\nmax = 4\n"),
        "line 3: max 4 is below min 5 in [\"a\"]"
    );
}

#[test]
fn an_empty_file_has_no_tables() {
    assert_eq!(Limits::from_toml("# nothing yet\n"), Ok(Limits::default()));
}
