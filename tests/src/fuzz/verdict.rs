//! What an answer of the guest's `dispatch` says, and whether the contract
//! allows it.

use arora_types::Uuid;
use arora_types::module::low::TypeRef;
use arora_types::ty::{BOOLEAN_ID, U32_ID};
use arora_types::value::{Structure, Value};

use super::hostile::{Expect, decode};
use super::schema::Schema;

/// An answer, judged.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// A return value that is not the function's failure value.
    Returned(Value),
    /// The function's failure value (docs/contract.md §4.9).
    Sentinel(Value),
    /// A call error (`err(message)`).
    Error(String),
    /// The guest trapped: the engine would drop its instance and its state.
    Trap(String),
}

impl Verdict {
    /// A sentinel or a call error.
    pub fn is_refusal(&self) -> bool {
        matches!(self, Self::Sentinel(_) | Self::Error(_))
    }
}

/// The beginnings of the call errors the guest answers: a function it does
/// not serve, bytes that are not a call or too large to decode, an argument
/// missing, of another variant, or a record that does not convert.
const ERROR_SHAPES: [&str; 6] = [
    "the module serves no function ",
    "the argument buffer is malformed: ",
    "the argument buffer would take ",
    "the argument buffer does not hold a structure",
    "the argument structure is under ",
    "missing parameter `",
];

/// Whether `message` is a call error of a shape the guest answers.
pub fn known_error(message: &str) -> bool {
    ERROR_SHAPES.iter().any(|shape| message.starts_with(shape))
        || (message.starts_with("parameter `")
            && (message.contains("`: unexpected value ")
                || message.ends_with("`: value does not convert")
                || message.ends_with("`: an element does not convert")))
}

/// Judge what `dispatch(method, …)` answered: the outer `Err` is a trap,
/// the inner one a call error. `Err` here is an answer the contract does
/// not allow: a result buffer of the wrong shape, a return value of another
/// type than declared, a call error of no known shape.
pub fn judge(
    schema: &Schema,
    sentinel: Option<&Value>,
    method: Uuid,
    answer: wasmtime::Result<Result<Vec<u8>, String>>,
) -> Result<Verdict, String> {
    let bytes = match answer {
        Err(trap) => return Ok(Verdict::Trap(format!("{trap:?}"))),
        Ok(Err(message)) if known_error(&message) => return Ok(Verdict::Error(message)),
        Ok(Err(message)) => return Err(format!("a call error of no known shape: {message}")),
        Ok(Ok(bytes)) => bytes,
    };
    let Some(Value::Structure(Structure { id, mut fields })) = decode(&bytes) else {
        return Err("the result is not a buffer holding a structure".into());
    };
    if id != method || fields.first().is_none_or(|f| f.id != method) {
        return Err(format!(
            "the result is not under the function called, {method}"
        ));
    }
    let ret = *fields.remove(0).value;
    let function = schema
        .functions
        .iter()
        .find(|f| f.id == method)
        .ok_or_else(|| format!("{method} answered, and the module declares no such function"))?;
    if !of_type(&function.ret, &ret) {
        return Err(format!("`{}` returned {ret:?}", function.name));
    }
    Ok(match sentinel {
        Some(sentinel) if *sentinel == ret => Verdict::Sentinel(ret),
        _ => Verdict::Returned(ret),
    })
}

/// Whether a return value has the declared return type.
fn of_type(ty: &TypeRef, value: &Value) -> bool {
    match (ty, value) {
        (TypeRef::Scalar { id }, Value::U32(_)) => *id == *U32_ID,
        (TypeRef::Scalar { id }, Value::Boolean(_)) => *id == *BOOLEAN_ID,
        (TypeRef::Scalar { id }, Value::Structure(s)) => s.id == *id,
        (TypeRef::Array { id }, Value::ArrayStructure { id: of, .. }) => of == id,
        (TypeRef::Option { .. }, Value::Option(None)) => true,
        (TypeRef::Option { id }, Value::Option(Some(inner))) => {
            matches!(&**inner, Value::Structure(s) if s.id == *id)
        }
        _ => false,
    }
}

/// Whether `verdict` is what `expect` allows; `Err` says how it is not.
pub fn meets(expect: &Expect, verdict: &Verdict) -> Result<(), String> {
    match (expect, verdict) {
        (_, Verdict::Trap(trap)) => Err(format!("a trap: {trap}")),
        (Expect::Any, _) => Ok(()),
        (Expect::Refused(sentinel), Verdict::Sentinel(v)) if v == sentinel => Ok(()),
        (Expect::Error(message), Verdict::Error(m)) if m == message => Ok(()),
        (expect, verdict) => Err(format!("expected {expect:?}, answered {verdict:?}")),
    }
}
