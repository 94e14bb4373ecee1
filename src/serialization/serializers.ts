import { libAJsonSerializer, libBJsonSerializer } from './json';
import { type SequenceName, type SequenceSerializer } from './sequence';
import { libAXmlSerializer, libBXmlSerializer } from './xml';

/** The default serializer of every sequence (docs/design.md §3 wire table). */
export const DEFAULT_SERIALIZERS: Readonly<Record<SequenceName, SequenceSerializer>> = {
  libBParamArrayJsonInOutSequence: libBJsonSerializer,
  libAParamArrayJsonInOutSequence: libAJsonSerializer,
  libBParamArrayXmlInOutSequence: libBXmlSerializer,
  libAParamArrayXmlInOutSequence: libAXmlSerializer,
};
