/**
 * The ONNX Runtime inference backend: {@link org.tengen.models.onnx.OnnxExport} writes a network as an ONNX model,
 * {@link org.tengen.models.onnx.OnnxModel} holds a session over it and {@link org.tengen.models.onnx.OnnxEvaluator}
 * evaluates positions with it.
 */
package org.tengen.models.onnx;
