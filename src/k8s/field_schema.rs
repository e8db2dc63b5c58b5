//! Field names of the API objects podlife does not model (affinity, volume sources, security
//! contexts, …), so that a typo inside them is reported like any other unknown field.
//!
//! A model field of type [`Checked<S>`] is not decoded, but its keys are checked, at every depth,
//! against the [`Schema`] that `S` names (the walk is in `decode.rs`). The tables are the JSON
//! names of `k8s.io/api/core/v1` and `apimachinery/pkg/apis/meta/v1`; see
//! `field_schema/tables.rs`.

mod tables;

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

pub use tables::*;

/// The shape of a value whose field names podlife checks.
#[derive(Debug)]
pub enum Schema {
    /// Any value: a scalar, or a mapping whose keys are data (labels, `nodeSelector`).
    Any,
    /// A mapping with these fields.
    Fields(&'static [(&'static str, &'static Schema)]),
    /// A list of values of one shape.
    List(&'static Schema),
}

impl Schema {
    /// The schema of field `name`, if this is a mapping that has it.
    pub fn field(&self, name: &str) -> Option<&'static Schema> {
        match self {
            Schema::Fields(fields) => fields
                .iter()
                .find(|(field, _)| *field == name)
                .map(|(_, schema)| *schema),
            _ => None,
        }
    }

    /// The field names of a mapping (empty for the others).
    pub fn field_names(&self) -> Vec<&'static str> {
        match self {
            Schema::Fields(fields) => fields.iter().map(|(name, _)| *name).collect(),
            _ => Vec::new(),
        }
    }
}

/// Prefix of the serde newtype names through which a [`Checked`] value names its schema.
pub const NEWTYPE_PREFIX: &str = "podlife::schema::";

/// Names a schema for [`Checked`].
pub trait Shape {
    /// `NEWTYPE_PREFIX` + the shape's name; [`by_newtype`] maps it back to the schema.
    const NEWTYPE: &'static str;
}

/// A value podlife accepts without modelling it, whose field names are checked against `S`.
pub struct Checked<S: Shape>(PhantomData<S>);

impl<S: Shape> Checked<S> {
    /// The (only) value.
    pub const fn new() -> Self {
        Checked(PhantomData)
    }
}

impl<S: Shape> Default for Checked<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Shape> Clone for Checked<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Shape> Copy for Checked<S> {}

impl<S: Shape> PartialEq for Checked<S> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<S: Shape> Eq for Checked<S> {}

impl<S: Shape> fmt::Debug for Checked<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(S::NEWTYPE)
    }
}

impl<S: Shape> Serialize for Checked<S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_unit_struct("Opaque")
    }
}

impl<'de, S: Shape> Deserialize<'de> for Checked<S> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CheckedVisitor<S>(PhantomData<S>);
        impl<'de, S: Shape> Visitor<'de> for CheckedVisitor<S> {
            type Value = Checked<S>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any value")
            }
            fn visit_unit<E>(self) -> Result<Checked<S>, E> {
                Ok(Checked::new())
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                deserializer: D,
            ) -> Result<Checked<S>, D::Error> {
                de::IgnoredAny::deserialize(deserializer).map(|_| Checked::new())
            }
        }
        deserializer.deserialize_newtype_struct(S::NEWTYPE, CheckedVisitor(PhantomData))
    }
}

/// A value whose field names are checked against `S` (as for [`Checked`]) and whose contents
/// are then decoded as `T`, a typed view of the parts validation looks into.
pub struct Schemed<S: Shape, T>(pub T, PhantomData<S>);

impl<S: Shape, T> Schemed<S, T> {
    /// Wraps a decoded value.
    pub const fn new(value: T) -> Self {
        Schemed(value, PhantomData)
    }

    /// The decoded value.
    pub fn get(&self) -> &T {
        &self.0
    }
}

impl<S: Shape, T: Default> Default for Schemed<S, T> {
    fn default() -> Self {
        Self::new(T::default())
    }
}

impl<S: Shape, T: Clone> Clone for Schemed<S, T> {
    fn clone(&self) -> Self {
        Self::new(self.0.clone())
    }
}

impl<S: Shape, T: PartialEq> PartialEq for Schemed<S, T> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<S: Shape, T: fmt::Debug> fmt::Debug for Schemed<S, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<S: Shape, T> Serialize for Schemed<S, T> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_unit_struct("Opaque")
    }
}

impl<'de, S: Shape, T: Deserialize<'de>> Deserialize<'de> for Schemed<S, T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SchemedVisitor<S, T>(PhantomData<(S, T)>);
        impl<'de, S: Shape, T: Deserialize<'de>> Visitor<'de> for SchemedVisitor<S, T> {
            type Value = Schemed<S, T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                deserializer: D,
            ) -> Result<Schemed<S, T>, D::Error> {
                T::deserialize(deserializer).map(Schemed::new)
            }
        }
        deserializer.deserialize_newtype_struct(S::NEWTYPE, SchemedVisitor(PhantomData))
    }
}

/// Declares shapes: a type per schema for [`Checked`], and [`by_newtype`] to find the schema.
macro_rules! shapes {
    ($($(#[$doc:meta])* $shape:ident => $schema:expr;)*) => {
        $(
            $(#[$doc])*
            pub enum $shape {}
            impl Shape for $shape {
                const NEWTYPE: &'static str = concat!("podlife::schema::", stringify!($shape));
            }
        )*
        /// The schema a [`Checked`] newtype name stands for.
        pub fn by_newtype(name: &str) -> Option<&'static Schema> {
            match name {
                $(concat!("podlife::schema::", stringify!($shape)) => Some($schema),)*
                _ => None,
            }
        }
    };
}
pub(crate) use shapes;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_names_its_schema() {
        for (newtype, expected) in [
            (Affinity::NEWTYPE, &AFFINITY),
            (VolumeShape::NEWTYPE, &VOLUME),
        ] {
            let found = by_newtype(newtype).expect("registered");
            assert!(std::ptr::eq(found, expected), "{newtype}");
        }
        assert!(by_newtype("podlife::schema::Nothing").is_none());
    }

    #[test]
    fn fields_are_found_by_name() {
        let node_affinity = AFFINITY.field("nodeAffinity").expect("nodeAffinity");
        assert!(
            node_affinity
                .field("requiredDuringSchedulingIgnoredDuringExecution")
                .is_some()
        );
        assert!(AFFINITY.field("nodeAfinity").is_none());
        assert!(AFFINITY.field_names().contains(&"podAntiAffinity"));
    }
}
