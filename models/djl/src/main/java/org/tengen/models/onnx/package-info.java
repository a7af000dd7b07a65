/**
 * The ONNX Runtime inference backend: {@link org.tengen.models.onnx.OnnxExport} writes a network as an ONNX model and
 * {@link org.tengen.models.onnx.OnnxEvaluator} evaluates positions with it.
 */
package org.tengen.models.onnx;
